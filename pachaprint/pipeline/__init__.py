"""The build pipeline: scenarios folder -> everything a fan prints (docs/outputs.md section 1)."""
