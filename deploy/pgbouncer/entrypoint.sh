#!/bin/sh
# The password comes from the environment (POSTGRES_PASSWORD), never from the image.
set -eu
umask 077
printf '"%s" "%s"\n' "${POSTGRES_USER:-shop}" "${POSTGRES_PASSWORD:?}" > /tmp/userlist.txt
exec pgbouncer /etc/pgbouncer/pgbouncer.ini
