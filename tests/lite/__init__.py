"""The JupyterLite site (lite/build.py) in a real browser, offline."""
