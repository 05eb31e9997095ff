"""A tiny random-weight llama-architecture GGUF, written with the ``gguf`` package.

It loads in milliseconds, so unit tests of loading, grammars, prefix reuse and the session cache
run without the real model. Its outputs are meaningless but deterministic for a given seed.
"""

from __future__ import annotations

import string
from pathlib import Path

import numpy as np

EMBED = 32
HEADS = 4
KV_HEADS = 2
FFN = 64
LAYERS = 2
CONTEXT = 4096

_WORDS = (
    "turn", "on", "off", "the", "a", "to", "set", "it", "warmer", "cooler", "fan", "window",
    "music", "play", "pause", "next", "volume", "temperature", "seat", "heat", "home",
    "intent", "query", "previous", "command", "classify", "->", ":",
)


def tiny_vocab() -> list[tuple[str, float, int]]:
    """(piece, score, token type) for a SentencePiece-style vocab: control, bytes, chars, words."""
    from gguf import TokenType

    vocab: list[tuple[str, float, int]] = [
        ("<unk>", 0.0, TokenType.UNKNOWN),
        ("<s>", 0.0, TokenType.CONTROL),
        ("</s>", 0.0, TokenType.CONTROL),
    ]
    vocab += [(f"<0x{b:02X}>", 0.0, TokenType.BYTE) for b in range(256)]
    pieces = ["▁", "\n", *(c for c in string.printable if c not in string.whitespace)]
    pieces += [f"▁{w}" for w in _WORDS]
    seen: set[str] = set()
    for i, piece in enumerate(pieces):
        if piece not in seen:
            seen.add(piece)
            # longer pieces score higher so the tokenizer prefers whole words
            vocab.append((piece, -1000.0 + len(piece) * 10.0 - i * 1e-3, TokenType.NORMAL))
    return vocab


def write_tiny_llama_gguf(path: Path, seed: int = 0) -> Path:
    """Write a 2-layer llama model with random float32 weights to ``path``."""
    import gguf

    rng = np.random.default_rng(seed)
    vocab = tiny_vocab()
    n_vocab = len(vocab)
    head_dim = EMBED // HEADS

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name("cabin-twin tiny test model")
    writer.add_context_length(CONTEXT)
    writer.add_embedding_length(EMBED)
    writer.add_block_count(LAYERS)
    writer.add_feed_forward_length(FFN)
    writer.add_head_count(HEADS)
    writer.add_head_count_kv(KV_HEADS)
    writer.add_rope_dimension_count(head_dim)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("llama")
    writer.add_token_list([p for p, _, _ in vocab])
    writer.add_token_scores([s for _, s, _ in vocab])
    writer.add_token_types([int(t) for _, _, t in vocab])
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_unk_token_id(0)
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(False)

    def weight(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * 0.2).astype(np.float32)

    kv_dim = KV_HEADS * head_dim
    writer.add_tensor("token_embd.weight", weight(n_vocab, EMBED))
    writer.add_tensor("output_norm.weight", np.ones(EMBED, dtype=np.float32))
    writer.add_tensor("output.weight", weight(n_vocab, EMBED))
    for layer in range(LAYERS):
        blk = f"blk.{layer}"
        writer.add_tensor(f"{blk}.attn_norm.weight", np.ones(EMBED, dtype=np.float32))
        writer.add_tensor(f"{blk}.attn_q.weight", weight(EMBED, EMBED))
        writer.add_tensor(f"{blk}.attn_k.weight", weight(kv_dim, EMBED))
        writer.add_tensor(f"{blk}.attn_v.weight", weight(kv_dim, EMBED))
        writer.add_tensor(f"{blk}.attn_output.weight", weight(EMBED, EMBED))
        writer.add_tensor(f"{blk}.ffn_norm.weight", np.ones(EMBED, dtype=np.float32))
        writer.add_tensor(f"{blk}.ffn_gate.weight", weight(FFN, EMBED))
        writer.add_tensor(f"{blk}.ffn_up.weight", weight(FFN, EMBED))
        writer.add_tensor(f"{blk}.ffn_down.weight", weight(EMBED, FFN))

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
