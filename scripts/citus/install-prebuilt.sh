#!/usr/bin/env bash
# CI's own installer (not how Citus' users install it: see docs/scaling.md "Installing Citus").
# Installs Citus 13.2.2 into Debian 12's PostgreSQL 15 (apt package postgresql-15) from the
# tarballs this CI machine keeps in DIR (the first argument, or $CITUS_PACKAGES):
#   citus-13.2.2-pg15-debian12.tar.gz  prebuilt lib/*.so and extension/* (the default), or
#   citus-13.2.2-source.tar.gz         with --from-source: built here (needs postgresql-server-dev-15
#     libcurl4-openssl-dev liblz4-dev libzstd-dev libssl-dev libkrb5-dev libselinux1-dev
#     libxslt1-dev libpam0g-dev libreadline-dev zlib1g-dev; ~4 min on 2 cores).
# The tarballs are not in the repository (binaries). Idempotent; prints one line. Run as root.
# Usage: scripts/citus/install-prebuilt.sh DIR [--from-source]
set -eu
DIR=${1:-${CITUS_PACKAGES:-}}
[ -n "$DIR" ] && [ -d "$DIR" ] || { echo "citus: no package folder (scripts/citus/install-prebuilt.sh DIR)"; exit 2; }
DIR=$(cd "$DIR" && pwd)
LIB=/usr/lib/postgresql/15/lib; EXT=/usr/share/postgresql/15/extension
[ -x /usr/lib/postgresql/15/bin/postgres ] || { echo "citus: PostgreSQL 15 missing: apt-get install -y postgresql-15"; exit 2; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
if [ "${2:-}" = "--from-source" ]; then
  tar -xzf "$DIR/citus-13.2.2-source.tar.gz" -C "$T"; cd "$T/citus-13.2.2"
  # PostgreSQL 15.20's commands/dbcommands.h exports have_createdb_privilege, which Citus 13.2.2
  # also defines for older releases: its copy goes.
  python3 - <<'PY'
p='src/include/pg_version_compat.h'; s=open(p).read()
i=s.find("static inline bool\nhave_createdb_privilege(void)")
if i >= 0:
    j=s.index("\n}\n", i)+3
    s=s[:i]+"/* have_createdb_privilege: exported by PostgreSQL 15.20's commands/dbcommands.h */\n"+s[j:]
    open(p,'w').write(s)
PY
  ./configure >/dev/null && make -j"$(nproc)" >/dev/null && make install >/dev/null
else
  tar -xzf "$DIR/citus-13.2.2-pg15-debian12.tar.gz" -C "$T"
  install -m 755 "$T"/lib/*.so "$LIB"/ && install -m 644 "$T"/extension/* "$EXT"/
fi
echo "citus: 13.2.2 installed for PostgreSQL $(/usr/lib/postgresql/15/bin/postgres --version | awk '{print $3}') ($(ls "$LIB"/citus*.so | wc -l) libraries, $(ls "$EXT"/citus* | wc -l) extension files)"
