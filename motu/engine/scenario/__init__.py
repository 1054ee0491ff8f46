"""The scenario document, its reversible edits, catalogues and the validation framework."""
