#!/usr/bin/env bash
# What a hand-written step does: curl + jq, list (create when missing, then list again).
set -euo pipefail
auth="$UPSTASH_EMAIL:$UPSTASH_API_KEY"
find_index() { curl -sf -u "$auth" "$FLOOR_BASE_URL/v2/search" | jq -c --arg n "$FLOOR_NAME" 'map(select(.name == $n)) | first // empty'; }
index=$(find_index)
created=false
if [ -z "$index" ]; then
  curl -sf -u "$auth" -H 'content-type: application/json' -X POST "$FLOOR_BASE_URL/v2/search" \
    -d "{\"name\":\"$FLOOR_NAME\",\"region\":\"eu-west-1\",\"type\":\"free\"}" > /dev/null
  index=$(find_index)
  created=true
fi
echo "$index" | jq -r --arg created "$created" \
  '"id=\(.id)\nname=\(.name)\nregion=\(.region)\ntype=\(.type)\nendpoint=\(.endpoint)\nrest-url=https://\(.endpoint)-search.upstash.io\ntoken=\(.token)\nread-only-token=\(.read_only_token)\ncreated=\($created)"' \
  >> "$GITHUB_OUTPUT"
