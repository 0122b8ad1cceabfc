"""Generated from schemas/scenario.schema.json by pachaprint.check.schema_code: do not edit.

Regenerate with ``python -m pachaprint.check.schema_code``.
"""
# ruff: noqa
# mypy: ignore-errors


class JsonSchemaValueException(ValueError):
    """A value breaks the schema (where the slow path finds every problem in words)."""

    def __init__(self, message, value=None, name=None, definition=None, rule=None):
        super().__init__(message)
        self.value, self.name, self.definition, self.rule = value, name, definition, rule


JsonSchemaValuesException = JsonSchemaValueException


class _Pattern:
    """A pattern compiled on first use. With ``printable_matches`` (the free-text
    pattern, whose refused characters are none of them printable), a string that
    str.isprintable() accepts matches without any regular expression."""

    def __init__(self, source, printable_matches=False):
        self.source, self.printable_matches, self.compiled = source, printable_matches, None

    def search(self, text):
        if self.printable_matches and text.isprintable():
            return True
        if self.compiled is None:
            self.compiled = re.compile(self.source)
        return self.compiled.search(text)

SCHEMA_CHECKSUM = "3373-110fd6ae5ac1f1c0"
FASTJSONSCHEMA_VERSION = "2.22.3"
class Decimal:  # see pachaprint.check.schema_code
    pass
import re


REGEX_PATTERNS = {
    '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$': _Pattern('^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*\\Z', printable_matches=True),
    '^[a-z0-9][a-z0-9-]{0,39}$': _Pattern('^[a-z0-9][a-z0-9-]{0,39}\\Z'),
    '^[VDFM]+$': _Pattern('^[VDFM]+\\Z'),
    '^[1-5.]+$': _Pattern('^[1-5.]+\\Z'),
    '^[a-i][1-5]$': _Pattern('^[a-i][1-5]\\Z')
}

NoneType = type(None)

def validate_https___pachaprint_example_schemas_scenario_schema_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://pachaprint.example/schemas/scenario.schema.json', 'title': 'pachaprint scenario', 'description': "One scenario disc for Tiwanaku (Pachamama): the hidden terrain map, its crop layer, the start cells revealed at setup and optional solo/co-op Otoma start cells. The schema checks the shape; `pachaprint validate` checks the game's rules.", 'type': 'object', 'additionalProperties': False, 'required': ['format', 'id', 'name', 'size', 'terrain', 'crops', 'start'], 'properties': {'$schema': {'title': 'Schema', 'description': 'Path or URL of this JSON Schema, so editors can offer help. Ignored by pachaprint (no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'}, 'format': {'title': 'File format', 'description': 'Always `pachaprint-scenario/1`.', 'const': 'pachaprint-scenario/1'}, 'id': {'title': 'Scenario id', 'description': 'Short name used for output file names: lower-case letters, digits and hyphens, starting with a letter or digit, at most 40 characters.', 'type': 'string', 'pattern': '^[a-z0-9][a-z0-9-]{0,39}$'}, 'name': {'title': 'Name', 'description': "The scenario's title as printed on the disc back (1-60 characters; no control characters other than tab and newline).", 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'minLength': 1, 'maxLength': 60}, 'author': {'title': 'Author', 'description': 'Who made the scenario (at most 60 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 60}, 'size': {'title': 'Size', 'description': '`tiny` is a 5 x 5 board (columns a-e), `long` a 5 x 9 board (columns a-i).', 'enum': ['tiny', 'long']}, 'terrain': {'title': 'Terrain map', 'description': 'Five strings, one per row from top (row 1) to bottom (row 5), one letter per column: V valley, D desert, F forest, M mountain.', 'type': 'array', 'items': {'type': 'string', 'pattern': '^[VDFM]+$'}}, 'crops': {'title': 'Crop layer', 'description': 'Same shape as the terrain: crop levels 1-5 (1 sweet potato, 2 coca leaf, 3 chili pepper, 4 corn, 5 quinoa), or `.` where the solver should fill in the crop. Every start cell needs a digit.', 'type': 'array', 'items': {'type': 'string', 'pattern': '^[1-5.]+$'}}, 'start': {'title': 'Start cells', 'description': 'Cells revealed at setup with their terrain and crop, named column letter + row number (a1 top left). At least one.', 'type': 'array', 'minItems': 1, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}, 'solo': {'title': 'Solo and co-op setup', 'description': 'Long scenarios only: the Otoma start cells for solo and co-operative play.', 'type': 'object', 'additionalProperties': False, 'required': ['otoma'], 'properties': {'otoma': {'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}}}, 'notes': {'title': 'Notes', 'description': 'Free text about the scenario (at most 2000 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 2000}}}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['format', 'id', 'name', 'size', 'terrain', 'crops', 'start']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://pachaprint.example/schemas/scenario.schema.json', 'title': 'pachaprint scenario', 'description': "One scenario disc for Tiwanaku (Pachamama): the hidden terrain map, its crop layer, the start cells revealed at setup and optional solo/co-op Otoma start cells. The schema checks the shape; `pachaprint validate` checks the game's rules.", 'type': 'object', 'additionalProperties': False, 'required': ['format', 'id', 'name', 'size', 'terrain', 'crops', 'start'], 'properties': {'$schema': {'title': 'Schema', 'description': 'Path or URL of this JSON Schema, so editors can offer help. Ignored by pachaprint (no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'}, 'format': {'title': 'File format', 'description': 'Always `pachaprint-scenario/1`.', 'const': 'pachaprint-scenario/1'}, 'id': {'title': 'Scenario id', 'description': 'Short name used for output file names: lower-case letters, digits and hyphens, starting with a letter or digit, at most 40 characters.', 'type': 'string', 'pattern': '^[a-z0-9][a-z0-9-]{0,39}$'}, 'name': {'title': 'Name', 'description': "The scenario's title as printed on the disc back (1-60 characters; no control characters other than tab and newline).", 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'minLength': 1, 'maxLength': 60}, 'author': {'title': 'Author', 'description': 'Who made the scenario (at most 60 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 60}, 'size': {'title': 'Size', 'description': '`tiny` is a 5 x 5 board (columns a-e), `long` a 5 x 9 board (columns a-i).', 'enum': ['tiny', 'long']}, 'terrain': {'title': 'Terrain map', 'description': 'Five strings, one per row from top (row 1) to bottom (row 5), one letter per column: V valley, D desert, F forest, M mountain.', 'type': 'array', 'items': {'type': 'string', 'pattern': '^[VDFM]+$'}}, 'crops': {'title': 'Crop layer', 'description': 'Same shape as the terrain: crop levels 1-5 (1 sweet potato, 2 coca leaf, 3 chili pepper, 4 corn, 5 quinoa), or `.` where the solver should fill in the crop. Every start cell needs a digit.', 'type': 'array', 'items': {'type': 'string', 'pattern': '^[1-5.]+$'}}, 'start': {'title': 'Start cells', 'description': 'Cells revealed at setup with their terrain and crop, named column letter + row number (a1 top left). At least one.', 'type': 'array', 'minItems': 1, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}, 'solo': {'title': 'Solo and co-op setup', 'description': 'Long scenarios only: the Otoma start cells for solo and co-operative play.', 'type': 'object', 'additionalProperties': False, 'required': ['otoma'], 'properties': {'otoma': {'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}}}, 'notes': {'title': 'Notes', 'description': 'Free text about the scenario (at most 2000 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 2000}}}, rule='required')
        data_keys = set(data.keys())
        if "$schema" in data_keys:
            data_keys.remove("$schema")
            data__schema = data["$schema"]
            if not isinstance(data__schema, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".$schema must be string", value=data__schema, name="" + (name_prefix or "data") + ".$schema", definition={'title': 'Schema', 'description': 'Path or URL of this JSON Schema, so editors can offer help. Ignored by pachaprint (no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'}, rule='type')
            if isinstance(data__schema, str):
                if not REGEX_PATTERNS['^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'].search(data__schema):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".$schema must match pattern ^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$", value=data__schema, name="" + (name_prefix or "data") + ".$schema", definition={'title': 'Schema', 'description': 'Path or URL of this JSON Schema, so editors can offer help. Ignored by pachaprint (no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'}, rule='pattern')
        if "format" in data_keys:
            data_keys.remove("format")
            data__format = data["format"]
            if not (isinstance(data__format, str) and data__format == 'pachaprint-scenario/1'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".format must be same as const definition: pachaprint-scenario/1", value=data__format, name="" + (name_prefix or "data") + ".format", definition={'title': 'File format', 'description': 'Always `pachaprint-scenario/1`.', 'const': 'pachaprint-scenario/1'}, rule='const')
        if "id" in data_keys:
            data_keys.remove("id")
            data__id = data["id"]
            if not isinstance(data__id, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must be string", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'title': 'Scenario id', 'description': 'Short name used for output file names: lower-case letters, digits and hyphens, starting with a letter or digit, at most 40 characters.', 'type': 'string', 'pattern': '^[a-z0-9][a-z0-9-]{0,39}$'}, rule='type')
            if isinstance(data__id, str):
                if not REGEX_PATTERNS['^[a-z0-9][a-z0-9-]{0,39}$'].search(data__id):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".id must match pattern ^[a-z0-9][a-z0-9-]{0,39}$", value=data__id, name="" + (name_prefix or "data") + ".id", definition={'title': 'Scenario id', 'description': 'Short name used for output file names: lower-case letters, digits and hyphens, starting with a letter or digit, at most 40 characters.', 'type': 'string', 'pattern': '^[a-z0-9][a-z0-9-]{0,39}$'}, rule='pattern')
        if "name" in data_keys:
            data_keys.remove("name")
            data__name = data["name"]
            if not isinstance(data__name, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must be string", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'title': 'Name', 'description': "The scenario's title as printed on the disc back (1-60 characters; no control characters other than tab and newline).", 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'minLength': 1, 'maxLength': 60}, rule='type')
            if isinstance(data__name, str):
                data__name_len = len(data__name)
                if data__name_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must be longer than or equal to 1 characters", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'title': 'Name', 'description': "The scenario's title as printed on the disc back (1-60 characters; no control characters other than tab and newline).", 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'minLength': 1, 'maxLength': 60}, rule='minLength')
                if data__name_len > 60:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must be shorter than or equal to 60 characters", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'title': 'Name', 'description': "The scenario's title as printed on the disc back (1-60 characters; no control characters other than tab and newline).", 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'minLength': 1, 'maxLength': 60}, rule='maxLength')
                if not REGEX_PATTERNS['^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'].search(data__name):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must match pattern ^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$", value=data__name, name="" + (name_prefix or "data") + ".name", definition={'title': 'Name', 'description': "The scenario's title as printed on the disc back (1-60 characters; no control characters other than tab and newline).", 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'minLength': 1, 'maxLength': 60}, rule='pattern')
        if "author" in data_keys:
            data_keys.remove("author")
            data__author = data["author"]
            if not isinstance(data__author, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".author must be string", value=data__author, name="" + (name_prefix or "data") + ".author", definition={'title': 'Author', 'description': 'Who made the scenario (at most 60 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 60}, rule='type')
            if isinstance(data__author, str):
                data__author_len = len(data__author)
                if data__author_len > 60:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".author must be shorter than or equal to 60 characters", value=data__author, name="" + (name_prefix or "data") + ".author", definition={'title': 'Author', 'description': 'Who made the scenario (at most 60 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 60}, rule='maxLength')
                if not REGEX_PATTERNS['^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'].search(data__author):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".author must match pattern ^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$", value=data__author, name="" + (name_prefix or "data") + ".author", definition={'title': 'Author', 'description': 'Who made the scenario (at most 60 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 60}, rule='pattern')
        if "size" in data_keys:
            data_keys.remove("size")
            data__size = data["size"]
            if not (isinstance(data__size, str) and data__size == 'tiny' or isinstance(data__size, str) and data__size == 'long'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".size must be one of ['tiny', 'long']", value=data__size, name="" + (name_prefix or "data") + ".size", definition={'title': 'Size', 'description': '`tiny` is a 5 x 5 board (columns a-e), `long` a 5 x 9 board (columns a-i).', 'enum': ['tiny', 'long']}, rule='enum')
        if "terrain" in data_keys:
            data_keys.remove("terrain")
            data__terrain = data["terrain"]
            if not isinstance(data__terrain, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".terrain must be array", value=data__terrain, name="" + (name_prefix or "data") + ".terrain", definition={'title': 'Terrain map', 'description': 'Five strings, one per row from top (row 1) to bottom (row 5), one letter per column: V valley, D desert, F forest, M mountain.', 'type': 'array', 'items': {'type': 'string', 'pattern': '^[VDFM]+$'}}, rule='type')
            data__terrain_is_list = isinstance(data__terrain, (list, tuple))
            if data__terrain_is_list:
                data__terrain_len = len(data__terrain)
                for data__terrain_x, data__terrain_item in enumerate(data__terrain):
                    if not isinstance(data__terrain_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".terrain[{data__terrain_x}]".format(**locals()) + " must be string", value=data__terrain_item, name="" + (name_prefix or "data") + ".terrain[{data__terrain_x}]".format(**locals()) + "", definition={'type': 'string', 'pattern': '^[VDFM]+$'}, rule='type')
                    if isinstance(data__terrain_item, str):
                        if not REGEX_PATTERNS['^[VDFM]+$'].search(data__terrain_item):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".terrain[{data__terrain_x}]".format(**locals()) + " must match pattern ^[VDFM]+$", value=data__terrain_item, name="" + (name_prefix or "data") + ".terrain[{data__terrain_x}]".format(**locals()) + "", definition={'type': 'string', 'pattern': '^[VDFM]+$'}, rule='pattern')
        if "crops" in data_keys:
            data_keys.remove("crops")
            data__crops = data["crops"]
            if not isinstance(data__crops, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".crops must be array", value=data__crops, name="" + (name_prefix or "data") + ".crops", definition={'title': 'Crop layer', 'description': 'Same shape as the terrain: crop levels 1-5 (1 sweet potato, 2 coca leaf, 3 chili pepper, 4 corn, 5 quinoa), or `.` where the solver should fill in the crop. Every start cell needs a digit.', 'type': 'array', 'items': {'type': 'string', 'pattern': '^[1-5.]+$'}}, rule='type')
            data__crops_is_list = isinstance(data__crops, (list, tuple))
            if data__crops_is_list:
                data__crops_len = len(data__crops)
                for data__crops_x, data__crops_item in enumerate(data__crops):
                    if not isinstance(data__crops_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".crops[{data__crops_x}]".format(**locals()) + " must be string", value=data__crops_item, name="" + (name_prefix or "data") + ".crops[{data__crops_x}]".format(**locals()) + "", definition={'type': 'string', 'pattern': '^[1-5.]+$'}, rule='type')
                    if isinstance(data__crops_item, str):
                        if not REGEX_PATTERNS['^[1-5.]+$'].search(data__crops_item):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".crops[{data__crops_x}]".format(**locals()) + " must match pattern ^[1-5.]+$", value=data__crops_item, name="" + (name_prefix or "data") + ".crops[{data__crops_x}]".format(**locals()) + "", definition={'type': 'string', 'pattern': '^[1-5.]+$'}, rule='pattern')
        if "start" in data_keys:
            data_keys.remove("start")
            data__start = data["start"]
            if not isinstance(data__start, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".start must be array", value=data__start, name="" + (name_prefix or "data") + ".start", definition={'title': 'Start cells', 'description': 'Cells revealed at setup with their terrain and crop, named column letter + row number (a1 top left). At least one.', 'type': 'array', 'minItems': 1, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}, rule='type')
            data__start_is_list = isinstance(data__start, (list, tuple))
            if data__start_is_list:
                data__start_len = len(data__start)
                if data__start_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".start must contain at least 1 items", value=data__start, name="" + (name_prefix or "data") + ".start", definition={'title': 'Start cells', 'description': 'Cells revealed at setup with their terrain and crop, named column letter + row number (a1 top left). At least one.', 'type': 'array', 'minItems': 1, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}, rule='minItems')
                for data__start_x, data__start_item in enumerate(data__start):
                    if not isinstance(data__start_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".start[{data__start_x}]".format(**locals()) + " must be string", value=data__start_item, name="" + (name_prefix or "data") + ".start[{data__start_x}]".format(**locals()) + "", definition={'type': 'string', 'pattern': '^[a-i][1-5]$'}, rule='type')
                    if isinstance(data__start_item, str):
                        if not REGEX_PATTERNS['^[a-i][1-5]$'].search(data__start_item):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".start[{data__start_x}]".format(**locals()) + " must match pattern ^[a-i][1-5]$", value=data__start_item, name="" + (name_prefix or "data") + ".start[{data__start_x}]".format(**locals()) + "", definition={'type': 'string', 'pattern': '^[a-i][1-5]$'}, rule='pattern')
        if "solo" in data_keys:
            data_keys.remove("solo")
            data__solo = data["solo"]
            if not isinstance(data__solo, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".solo must be object", value=data__solo, name="" + (name_prefix or "data") + ".solo", definition={'title': 'Solo and co-op setup', 'description': 'Long scenarios only: the Otoma start cells for solo and co-operative play.', 'type': 'object', 'additionalProperties': False, 'required': ['otoma'], 'properties': {'otoma': {'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}}}, rule='type')
            data__solo_is_dict = isinstance(data__solo, dict)
            if data__solo_is_dict:
                data__solo__missing_keys = set(['otoma']) - data__solo.keys()
                if data__solo__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".solo must contain " + (str(sorted(data__solo__missing_keys)) + " properties"), value=data__solo, name="" + (name_prefix or "data") + ".solo", definition={'title': 'Solo and co-op setup', 'description': 'Long scenarios only: the Otoma start cells for solo and co-operative play.', 'type': 'object', 'additionalProperties': False, 'required': ['otoma'], 'properties': {'otoma': {'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}}}, rule='required')
                data__solo_keys = set(data__solo.keys())
                if "otoma" in data__solo_keys:
                    data__solo_keys.remove("otoma")
                    data__solo__otoma = data__solo["otoma"]
                    if not isinstance(data__solo__otoma, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".solo.otoma must be array", value=data__solo__otoma, name="" + (name_prefix or "data") + ".solo.otoma", definition={'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}, rule='type')
                    data__solo__otoma_is_list = isinstance(data__solo__otoma, (list, tuple))
                    if data__solo__otoma_is_list:
                        data__solo__otoma_len = len(data__solo__otoma)
                        if data__solo__otoma_len < 5:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".solo.otoma must contain at least 5 items", value=data__solo__otoma, name="" + (name_prefix or "data") + ".solo.otoma", definition={'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}, rule='minItems')
                        if data__solo__otoma_len > 5:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".solo.otoma must contain less than or equal to 5 items", value=data__solo__otoma, name="" + (name_prefix or "data") + ".solo.otoma", definition={'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}, rule='maxItems')
                        for data__solo__otoma_x, data__solo__otoma_item in enumerate(data__solo__otoma):
                            if not isinstance(data__solo__otoma_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".solo.otoma[{data__solo__otoma_x}]".format(**locals()) + " must be string", value=data__solo__otoma_item, name="" + (name_prefix or "data") + ".solo.otoma[{data__solo__otoma_x}]".format(**locals()) + "", definition={'type': 'string', 'pattern': '^[a-i][1-5]$'}, rule='type')
                            if isinstance(data__solo__otoma_item, str):
                                if not REGEX_PATTERNS['^[a-i][1-5]$'].search(data__solo__otoma_item):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".solo.otoma[{data__solo__otoma_x}]".format(**locals()) + " must match pattern ^[a-i][1-5]$", value=data__solo__otoma_item, name="" + (name_prefix or "data") + ".solo.otoma[{data__solo__otoma_x}]".format(**locals()) + "", definition={'type': 'string', 'pattern': '^[a-i][1-5]$'}, rule='pattern')
                if data__solo_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".solo must not contain "+str(data__solo_keys)+" properties", value=data__solo, name="" + (name_prefix or "data") + ".solo", definition={'title': 'Solo and co-op setup', 'description': 'Long scenarios only: the Otoma start cells for solo and co-operative play.', 'type': 'object', 'additionalProperties': False, 'required': ['otoma'], 'properties': {'otoma': {'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}}}, rule='additionalProperties')
        if "notes" in data_keys:
            data_keys.remove("notes")
            data__notes = data["notes"]
            if not isinstance(data__notes, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".notes must be string", value=data__notes, name="" + (name_prefix or "data") + ".notes", definition={'title': 'Notes', 'description': 'Free text about the scenario (at most 2000 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 2000}, rule='type')
            if isinstance(data__notes, str):
                data__notes_len = len(data__notes)
                if data__notes_len > 2000:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".notes must be shorter than or equal to 2000 characters", value=data__notes, name="" + (name_prefix or "data") + ".notes", definition={'title': 'Notes', 'description': 'Free text about the scenario (at most 2000 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 2000}, rule='maxLength')
                if not REGEX_PATTERNS['^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'].search(data__notes):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".notes must match pattern ^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$", value=data__notes, name="" + (name_prefix or "data") + ".notes", definition={'title': 'Notes', 'description': 'Free text about the scenario (at most 2000 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 2000}, rule='pattern')
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://pachaprint.example/schemas/scenario.schema.json', 'title': 'pachaprint scenario', 'description': "One scenario disc for Tiwanaku (Pachamama): the hidden terrain map, its crop layer, the start cells revealed at setup and optional solo/co-op Otoma start cells. The schema checks the shape; `pachaprint validate` checks the game's rules.", 'type': 'object', 'additionalProperties': False, 'required': ['format', 'id', 'name', 'size', 'terrain', 'crops', 'start'], 'properties': {'$schema': {'title': 'Schema', 'description': 'Path or URL of this JSON Schema, so editors can offer help. Ignored by pachaprint (no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$'}, 'format': {'title': 'File format', 'description': 'Always `pachaprint-scenario/1`.', 'const': 'pachaprint-scenario/1'}, 'id': {'title': 'Scenario id', 'description': 'Short name used for output file names: lower-case letters, digits and hyphens, starting with a letter or digit, at most 40 characters.', 'type': 'string', 'pattern': '^[a-z0-9][a-z0-9-]{0,39}$'}, 'name': {'title': 'Name', 'description': "The scenario's title as printed on the disc back (1-60 characters; no control characters other than tab and newline).", 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'minLength': 1, 'maxLength': 60}, 'author': {'title': 'Author', 'description': 'Who made the scenario (at most 60 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 60}, 'size': {'title': 'Size', 'description': '`tiny` is a 5 x 5 board (columns a-e), `long` a 5 x 9 board (columns a-i).', 'enum': ['tiny', 'long']}, 'terrain': {'title': 'Terrain map', 'description': 'Five strings, one per row from top (row 1) to bottom (row 5), one letter per column: V valley, D desert, F forest, M mountain.', 'type': 'array', 'items': {'type': 'string', 'pattern': '^[VDFM]+$'}}, 'crops': {'title': 'Crop layer', 'description': 'Same shape as the terrain: crop levels 1-5 (1 sweet potato, 2 coca leaf, 3 chili pepper, 4 corn, 5 quinoa), or `.` where the solver should fill in the crop. Every start cell needs a digit.', 'type': 'array', 'items': {'type': 'string', 'pattern': '^[1-5.]+$'}}, 'start': {'title': 'Start cells', 'description': 'Cells revealed at setup with their terrain and crop, named column letter + row number (a1 top left). At least one.', 'type': 'array', 'minItems': 1, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}, 'solo': {'title': 'Solo and co-op setup', 'description': 'Long scenarios only: the Otoma start cells for solo and co-operative play.', 'type': 'object', 'additionalProperties': False, 'required': ['otoma'], 'properties': {'otoma': {'title': 'Otoma start cells', 'description': 'Exactly five start cells, in placement order (purple, yellow, then the other player colours).', 'type': 'array', 'minItems': 5, 'maxItems': 5, 'items': {'type': 'string', 'pattern': '^[a-i][1-5]$'}}}}, 'notes': {'title': 'Notes', 'description': 'Free text about the scenario (at most 2000 characters; no control characters other than tab and newline).', 'type': 'string', 'pattern': '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffe\\uffff]*$', 'maxLength': 2000}}}, rule='additionalProperties')
    return data


validate = validate_https___pachaprint_example_schemas_scenario_schema_json
