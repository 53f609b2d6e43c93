"""The README's Python quick start runs as written and prints what its comments say."""

import contextlib
import io
import os
import re

from conftest import REPO


def test_the_quick_start_prints_what_it_says():
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    start = readme.index("### Python quick start")
    block = re.search(r"```python\n(.*?)```", readme[start:], re.S).group(1)
    lines = block.strip().splitlines()
    assert len(lines) == 5, "the quick start is five lines"
    expected = [line.split("#")[-1].strip() for line in lines if line.startswith("print(")]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, "README.md", "exec"), {})
    assert printed.getvalue().split() == expected
