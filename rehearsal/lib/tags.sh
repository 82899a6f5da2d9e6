# The release workflow's major-tag move, the same script it runs (scripts/move-major-tag), for two
# releases in a row against a local bare remote: after each, the remote's major tag must be that
# release's commit.

rehearse_tag_move() (
  local remote="$work/tags/remote.git" clone="$work/tags/clone"
  # A fixed identity and none of the machine's git settings: the moves must not depend on them.
  export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
  export GIT_AUTHOR_NAME=rehearsal GIT_AUTHOR_EMAIL=rehearsal@example.com
  export GIT_COMMITTER_NAME=rehearsal GIT_COMMITTER_EMAIL=rehearsal@example.com
  mkdir -p "$clone"
  git init -q --bare "$remote"
  git -C "$clone" init -q
  git -C "$clone" remote add origin "$remote"
  cd "$clone"

  local major minor patch
  IFS=. read -r major minor patch <<< "$version"
  local tag sha on_remote
  for tag in "v$version" "v$major.$minor.$((patch + 1))"; do
    git commit -q --allow-empty -m "Release $tag"
    git tag -a "$tag" -m "$tag"
    git push -q origin HEAD:refs/heads/main "refs/tags/$tag" 2> /dev/null
    sha="$(git rev-parse HEAD)"
    quietly "move-major-tag-$tag" bash "$root/scripts/move-major-tag" "$tag" "$sha"
    on_remote="$(git --git-dir="$remote" rev-parse -q --verify "refs/tags/v$major^{commit}" || true)"
    [ -n "$on_remote" ] || fail "after $tag, the remote has no tag v$major"
    [ "$on_remote" = "$sha" ] || fail "after $tag, v$major on the remote is ${on_remote:0:7}, not $tag's ${sha:0:7}"
    say "  after $tag: v$major on the bare remote is $tag's commit ${sha:0:7}"
  done
  if bash "$root/scripts/move-major-tag" main "$sha" > /dev/null 2>&1; then
    fail "scripts/move-major-tag accepted \"main\" as a release tag"
  fi
)
