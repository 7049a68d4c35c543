"""Tests of the widget's Python side (catan_widget/widget), driven through its message protocol."""
