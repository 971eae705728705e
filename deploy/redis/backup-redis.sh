#!/bin/sh
# The hourly Redis backup (docs/deploy.md, "Redis"): a snapshot fetched from the running Redis (redis-cli --rdb, which
# never stops it), checked, then moved into place, so a half-written file is never taken for a backup; the last
# 14 days are kept. Installed as /usr/local/sbin/ttd-redis-backup, run by trouble-ticket-desk-redis-backup.timer.
set -eu
dir=${TTD_BACKUP_DIR:-/var/backups/trouble-ticket-desk}
conf=${TTD_REDIS_CONF:-/etc/redis/trouble-ticket-desk.conf}
keep_days=${TTD_BACKUP_DAYS:-14}
# The password lives in one place on this machine, Redis's own configuration.
REDISCLI_AUTH=$(awk '$1 == "requirepass" { print $2 }' "$conf")
export REDISCLI_AUTH
port=$(awk '$1 == "port" { print $2 }' "$conf")
name="redis-$(date -u +%Y%m%dT%H%M%SZ).rdb"
umask 077
redis-cli -h 127.0.0.1 -p "${port:-6379}" --rdb "$dir/.$name.partial" >/dev/null
redis-check-rdb "$dir/.$name.partial" >/dev/null
mv "$dir/.$name.partial" "$dir/$name"
find "$dir" -maxdepth 1 -name 'redis-*.rdb' -mtime +"$keep_days" -delete
echo "$dir/$name"
