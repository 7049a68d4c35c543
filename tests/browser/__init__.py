"""Real-browser tests: the widget in JupyterLab, in headless Chromium, played by clicks."""
