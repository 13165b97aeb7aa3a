"""README.md's 'From Python' snippet, run as it is written."""
import os
import re
import subprocess
import sys

README = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")


def test_readme_snippet_runs(tmp_path):
    with open(README, encoding="utf-8") as f:
        text = f.read()
    section = text.split("## From Python", 1)[1].split("\n## ", 1)[0]
    (src,) = re.findall(r"^```python\n(.*?)^```", section, re.M | re.S)
    script = tmp_path / "snippet.py"
    script.write_text(src)
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, TRITON_CACHE_DIR=str(tmp_path / "cache")))
    assert r.returncode == 0, r.stderr
