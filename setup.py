"""One build step pyproject.toml cannot say: the wheel carries Motu's documentation for Help → User
Guide. The pages of docs/ (and docs/rules/, docs/maps/) and the pictures the user's page shows are
copied into the package as motu/docs/ (motu/editor/help.py reads them there); the docs/ folder of
the repository stays where it is. Everything else is in pyproject.toml."""
import os
import re
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "docs")
PICTURE = re.compile(r"\]\((screenshots/[^)\s]+\.png)\)")


def doc_files(docs: str = DOCS) -> list[str]:
    """The documentation files the package carries, relative to docs/: every page, and the
    screenshots the user's page (user-guide.md) shows."""
    files = []
    for sub in ("", "rules", "maps"):
        folder = os.path.join(docs, sub)
        if os.path.isdir(folder):
            files += [os.path.join(sub, n) for n in sorted(os.listdir(folder)) if n.endswith(".md")]
    guide = os.path.join(docs, "user-guide.md")
    if os.path.isfile(guide):
        with open(guide, encoding="utf-8") as fh:
            files += sorted(set(PICTURE.findall(fh.read())))
    return [f for f in files if os.path.isfile(os.path.join(docs, f))]


class build_py_with_docs(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's docs/ itself
        for rel in doc_files():
            target = os.path.join(self.build_lib, "motu", "docs", rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(DOCS, rel), target)


if __name__ == "__main__":  # as setuptools runs it; installer/motu.spec imports doc_files alone
    setup(cmdclass={"build_py": build_py_with_docs})
