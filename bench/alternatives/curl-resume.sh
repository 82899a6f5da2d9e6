#!/usr/bin/env bash
# What a hand-written step does: a sequential curl loop, resume then read back each queue.
set -euo pipefail
resumed=()
IFS=',' read -ra queues <<< "$BENCH_QUEUES"
for queue in "${queues[@]}"; do
  curl -sf -X POST -H "authorization: Bearer $QSTASH_TOKEN" "$QSTASH_URL/v2/queues/$queue/resume" > /dev/null
  curl -sf -H "authorization: Bearer $QSTASH_TOKEN" "$QSTASH_URL/v2/queues/$queue" | jq -e '.paused == false' > /dev/null
  resumed+=("\"$queue\"")
done
(IFS=','; echo "resumed=[${resumed[*]}]") >> "$GITHUB_OUTPUT"
