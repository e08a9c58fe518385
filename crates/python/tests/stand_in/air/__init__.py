"""A test double of mlir-air's Python package ``air`` (the real bindings cannot be installed
here): only ``air.ir``'s ``Context`` and ``Module.parse``, which record what they received."""
