"""Every data folder ships with the installed package (templates and schema are package data)."""

from __future__ import annotations

from tests.helpers import REPO


def test_every_template_folder_is_a_listed_package_with_its_data():
    pyproject = (REPO / "pyproject.toml").read_text()
    folders = sorted(
        p for p in (REPO / "templates").rglob("*") if p.is_dir() and p.name != "__pycache__"
    )
    assert folders, "templates/ has no sub-folders?"
    for folder in folders:
        package = "pachaprint.templates." + ".".join(folder.relative_to(REPO / "templates").parts)
        assert f'"{package}",' in pyproject, f"{package} missing from [tool.setuptools] packages"
        assert f'"{package}" = ["*"]' in pyproject, f"{package} missing from package-data"


def test_schema_is_package_data():
    pyproject = (REPO / "pyproject.toml").read_text()
    assert '"pachaprint.schemas" = "schemas"' in pyproject
    assert '"pachaprint.schemas" = ["*.json"]' in pyproject
    assert (REPO / "schemas" / "scenario.schema.json").is_file()


def test_every_code_folder_is_a_listed_package():
    """A folder of modules left out of the list would be missing from a plain install (an
    editable one finds it anyway)."""
    pyproject = (REPO / "pyproject.toml").read_text()
    folders = sorted({p.parent for p in (REPO / "pachaprint").rglob("*.py")})
    for folder in folders:
        package = ".".join(folder.relative_to(REPO).parts)
        assert f'"{package}",' in pyproject, f"{package} missing from [tool.setuptools] packages"
