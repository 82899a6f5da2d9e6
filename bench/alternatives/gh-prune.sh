#!/usr/bin/env bash
# What a hand-written nightly prune does: list the indexes, ask GitHub about each candidate's pull
# request in turn (what `gh api repos/{owner}/{repo}/pulls/N --jq .state` sends), and delete the
# closed ones one at a time. A pull request GitHub does not know is kept.
set -euo pipefail
auth="$(printf '%s:%s' "$UPSTASH_EMAIL" "$UPSTASH_API_KEY" | base64 -w0)"
deleted=0
while IFS=$'\t' read -r id name; do
  pr="${name#"$BENCH_PREFIX"}"
  state="$(curl -sf -H "authorization: token $GITHUB_TOKEN" "$GITHUB_API_URL/repos/$GITHUB_REPOSITORY/pulls/$pr" | jq -r .state)" || continue
  if [ "$state" = closed ]; then
    curl -sf -X DELETE -H "authorization: Basic $auth" "$FLOOR_BASE_URL/v2/search/$id" > /dev/null
    deleted=$((deleted + 1))
  fi
done < <(curl -sf -H "authorization: Basic $auth" "$FLOOR_BASE_URL/v2/search" |
  jq -r --arg p "$BENCH_PREFIX" '.[] | select(.name | startswith($p)) | [.id, .name] | @tsv')
echo "count=$deleted" >> "$GITHUB_OUTPUT"
