"""Every test reads English unless it asks for another language: the machine's locale must not
choose (subprocesses and kernels inherit the variable)."""

import os

os.environ["CATAN_WIDGET_LANGUAGE"] = "en"
