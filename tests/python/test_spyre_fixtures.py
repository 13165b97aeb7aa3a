"""Every variant of the torch-spyre fixtures that stock Triton accepts,
compiled through the ``spyre`` target with the variant's grid, run on
ttxform's KTIR engine (SpyreDriver) and compared with the variant's NumPy
oracle.  A variant stock Triton refuses is skipped with Triton's reason
(docs/spyre.md has the table)."""
import os

import pytest

triton = pytest.importorskip("triton")
np = pytest.importorskip("numpy")

from spyre_fixtures import ROOT, cases

if not os.path.isdir(ROOT):
    pytest.skip(f"the spyre fixtures are not at {ROOT} (set TTXFORM_SPYRE_FIXTURES)", allow_module_level=True)

CASES = cases()

# what stock Triton's frontend says when it refuses a descriptor's block
REFUSALS = (("power of 2", "a block dimension that is not a power of two"),
            ("16 bytes", "a descriptor block under 16 bytes in its last dimension"))


@pytest.fixture
def spyre_driver():
    from ttxform.spyre import SpyreDriver
    old = triton.runtime.driver.active
    triton.runtime.driver.set_active(SpyreDriver())
    yield
    triton.runtime.driver.set_active(old)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fixture(case, spyre_driver):
    from ttxform.triton import tensor
    v = case.variant
    kernel = v["kernel_fn"]
    grid = tuple(v.get("grid", (32,)))
    inputs = v["inputs"](**case.params)
    expect = v["reference"]({k: a.copy() for k, a in inputs.items()})
    args, kwargs = [], {}
    for name in case.signature:
        if name in v["constexpr"]:
            kwargs[name] = case.params[name]
        elif name in inputs:
            args.append(tensor(inputs[name]))
        else:
            args.append(case.params[name])
    from ttxform._lib import CompilationError as LoweringError
    try:
        kernel[grid](*args, **kwargs, spyre_grid=grid)
    except LoweringError as e:
        # a variant the fixtures mark disabled (the fork does not lower it)
        # may be refused by ttxform too, with a located error; any other
        # refusal is a failure
        if "disabled" not in v:
            raise
        first = str(e).strip().splitlines()[0] if str(e).strip() else "error"
        pytest.skip(f"disabled in the fixtures ({v['disabled']['reason']}); ttxform refuses it too: {first}")
    except triton.compiler.errors.CompilationError as e:
        text = str(e)
        for needle, why in REFUSALS:
            if needle in text:
                pytest.skip(f"stock Triton refuses {why}: {text.strip().splitlines()[-1]}")
        raise
    got = inputs[v["output_key"]]
    np.testing.assert_allclose(got.astype(np.float64), np.asarray(expect, dtype=np.float64),
                               rtol=v.get("rtol", 1e-5), atol=v.get("atol", 1e-6))
