"""Tests of the rules engine (catan_widget/engine) against /work/shared/RULES.md."""
