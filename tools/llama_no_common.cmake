# Included right after llama.cpp's project() call (CMAKE_PROJECT_llama.cpp_INCLUDE).
# llama-cpp-python forces the `common` utility library on, but its Python bindings load only
# libllama and libggml*: a normal variable here shadows the forced cache entry (policy CMP0077),
# so the library, and most of the build time, is skipped.
set(LLAMA_BUILD_COMMON OFF)
