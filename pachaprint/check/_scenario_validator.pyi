"""Type stubs of the generated scenario validator (see pachaprint.check.schema_code)."""

from typing import Any

SCHEMA_CHECKSUM: str

class JsonSchemaValueException(ValueError): ...

def validate(
    data: Any, custom_formats: dict[str, Any] = ..., name_prefix: str | None = ...
) -> Any: ...
