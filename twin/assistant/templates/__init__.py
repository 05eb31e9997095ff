"""The cabin's own hassil sentence templates, one YAML file per language (package data)."""
