"""Run llama-cpp-python's OpenAI-compatible server (``llama_cpp.server``) as an HTTP DUT.

``python -m hil.dut.llama_server --port P [--model GGUF] [--threads N]`` serves the shipped
SmolLM2 (or any GGUF) on 127.0.0.1. It is ``llama_cpp.server`` itself; the only difference is
that the model loads under the AMX guard (:mod:`hil.llm.amx_guard`): llama.cpp's AMX kernels
crash on CPUs with AMX (llama.cpp #20824), and the server has no option for it.
"""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    import uvicorn
    from llama_cpp.server.app import create_app
    from llama_cpp.server.settings import ModelSettings, ServerSettings

    from hil.llm import amx_guard
    from hil.llm.model_files import checked_model_path

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--model", help="GGUF (default: the shipped SmolLM2-135M)")
    p.add_argument("--alias", default="smollm2")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--n-ctx", type=int, default=1024)
    args = p.parse_args(argv)
    model = ModelSettings(model=str(checked_model_path(args.model)), model_alias=args.alias,
                          n_threads=args.threads, n_threads_batch=args.threads,
                          n_ctx=args.n_ctx, verbose=False)
    guard = amx_guard.current()
    overrides = {"use_extra_bufts": False} if guard.disable_extra_bufts else {}
    with amx_guard.model_params(**overrides):
        app = create_app(server_settings=ServerSettings(host=args.host, port=args.port),
                         model_settings=[model])
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
