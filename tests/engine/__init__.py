"""Tests of the rules engine (catan_widget/engine) against the rulebook."""
