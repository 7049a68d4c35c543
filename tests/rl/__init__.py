"""Tests of catan_widget.rl: the action encoding, the features and the environments."""
