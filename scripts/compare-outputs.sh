#!/usr/bin/env bash
# Runs every subcommand of `sudoku` and `dlx` over data/ and the shared data sets
# (../shared/data) and writes each run's stdout, stderr and exit status under OUT, so that two
# builds can be compared with `diff -r`:
#
#   scripts/compare-outputs.sh BIN_DIR_BEFORE /tmp/before
#   scripts/compare-outputs.sh target/release /tmp/after
#   diff -r /tmp/before /tmp/after
#
# Timings (`micros` in JSON, `seconds` and `puzzles/s` in --stats lines) are masked, since they
# differ from run to run; everything else is compared byte for byte. Large sets are cut to
# their first lines for the slow subcommands (the cut is in each run's name).
set -u
BIN=${1:?usage: compare-outputs.sh BIN_DIR OUT_DIR}
OUT=${2:?usage: compare-outputs.sh BIN_DIR OUT_DIR}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared/data}
SUDOKU="$BIN/sudoku"
DLX="$BIN/dlx"
mkdir -p "$OUT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

mask() {
  sed -E 's/"micros":[0-9]+/"micros":_/g; s/seconds: [0-9.]+/seconds: _/; s/puzzles\/s: [0-9]+/puzzles\/s: _/; s/ in [0-9.]+ ?(s|ms|µs)\b/ in _/g'
}

# run NAME STDIN_FILE COMMAND...: one run, its outputs masked into OUT/NAME.{out,err,code}.
run() {
  local name=$1 input=$2
  shift 2
  "$@" <"$input" >"$TMP/out" 2>"$TMP/err"
  echo $? >"$OUT/$name.code"
  mask <"$TMP/out" >"$OUT/$name.out"
  mask <"$TMP/err" | sed "s#$TMP#TMP#g" >"$OUT/$name.err"
}

# The first N puzzle lines of a file (comments kept out), as a file of its own.
head_of() {
  local file=$1 n=$2 name
  name=$(basename "$file").$n
  grep -v '^#' "$file" | head -n "$n" >"$TMP/$name"
  echo "$TMP/$name"
}

# Puzzles in the usual formats: every subcommand, the slow ones on the first lines.
puzzle_runs() {
  local tag=$1 file=$2 opts=$3
  local few some
  few=$(head_of "$file" 40)
  some=$(head_of "$file" 400)
  # shellcheck disable=SC2086
  {
    run "$tag.solve" /dev/null "$SUDOKU" solve $opts "$file"
    run "$tag.solve-unique-json" /dev/null "$SUDOKU" solve --unique --format json $opts "$file"
    run "$tag.solve-grid" /dev/null "$SUDOKU" solve --format grid $opts "$few"
    run "$tag.solve-nodes" /dev/null "$SUDOKU" solve --node-limit 50 --format json $opts "$few"
    run "$tag.count" /dev/null "$SUDOKU" count --limit 20 --format json $opts "$some"
    # A blank 9×9 has 6.7·10^21 grids: too many sub-problems for a memo table to count soon.
    case $file in
      *blank9x9*) ;;
      *) run "$tag.count-memo" /dev/null "$SUDOKU" count --memo --format json $opts "$few" ;;
    esac
    run "$tag.enumerate" /dev/null "$SUDOKU" enumerate --limit 3 $opts "$few"
    run "$tag.enumerate-json" /dev/null "$SUDOKU" enumerate --limit 2 --format json $opts "$few"
    run "$tag.check" /dev/null "$SUDOKU" check $opts "$file"
    run "$tag.show" /dev/null "$SUDOKU" show $opts "$some"
    run "$tag.show-json" /dev/null "$SUDOKU" show --format json $opts "$some"
    run "$tag.rate" /dev/null "$SUDOKU" rate --format json $opts "$some"
    run "$tag.hint" /dev/null "$SUDOKU" hint --format json $opts "$some"
    run "$tag.explain" /dev/null "$SUDOKU" explain $opts "$few"
    run "$tag.canon" /dev/null "$SUDOKU" canon $opts "$some"
    run "$tag.transform" /dev/null "$SUDOKU" transform --seed 7 $opts "$some"
    run "$tag.convert" /dev/null "$SUDOKU" convert --from puzzles $opts "$some"
    run "$tag.encode" /dev/null "$SUDOKU" encode $opts "$(head_of "$file" 1)"
  }
}

# JSON lines models: the subcommands that take them.
model_runs() {
  local tag=$1 file=$2
  local few some
  few=$(head_of "$file" 12)
  some=$(head_of "$file" 200)
  run "$tag.solve" /dev/null "$SUDOKU" solve "$some"
  run "$tag.solve-unique-json" /dev/null "$SUDOKU" solve --unique --format json "$some"
  run "$tag.solve-grid" /dev/null "$SUDOKU" solve --format grid "$few"
  run "$tag.solve-nodes" /dev/null "$SUDOKU" solve --node-limit 30 --format json "$few"
  run "$tag.count" /dev/null "$SUDOKU" count --limit 5 --format json "$few"
  run "$tag.count-memo" /dev/null "$SUDOKU" count --memo "$few"
  run "$tag.enumerate" /dev/null "$SUDOKU" enumerate --limit 2 "$few"
  run "$tag.enumerate-json" /dev/null "$SUDOKU" enumerate --limit 2 --format json "$few"
  run "$tag.check" /dev/null "$SUDOKU" check "$some"
  run "$tag.show" /dev/null "$SUDOKU" show "$some"
  run "$tag.show-json" /dev/null "$SUDOKU" show --format json "$some"
  run "$tag.rate" /dev/null "$SUDOKU" rate "$few"
  run "$tag.hint" /dev/null "$SUDOKU" hint --format json "$few"
  run "$tag.explain" /dev/null "$SUDOKU" explain "$few"
  run "$tag.canon" /dev/null "$SUDOKU" canon "$few"
  run "$tag.transform" /dev/null "$SUDOKU" transform --seed 3 "$few"
  run "$tag.encode" /dev/null "$SUDOKU" encode "$(head_of "$file" 1)"
}

# Shipped puzzles, and the variant options over the blank grids.
for file in "$ROOT"/data/puzzles/*.txt; do
  puzzle_runs "data.$(basename "$file" .txt)" "$file" ""
done
puzzle_runs "data.blank9x9.x" "$ROOT/data/puzzles/blank9x9.txt" "--x"
puzzle_runs "data.blank9x9.hyper" "$ROOT/data/puzzles/blank9x9.txt" "--hyper"
puzzle_runs "data.blank6x6.boxes" "$ROOT/data/puzzles/blank6x6.txt" "--boxes 3x2"
puzzle_runs "data.sukaku-classic" "$ROOT/data/variants/sukaku-classic.txt" ""
for file in "$ROOT"/data/variants/*.jsonl; do
  model_runs "data.$(basename "$file" .jsonl)" "$file"
done
run "data.convert-sukaku" /dev/null "$SUDOKU" convert --from sukaku "$ROOT/data/variants/sukaku-classic.txt"

# Generating: classic, variants, killers, marks, layouts (seeded).
run gen.classic /dev/null "$SUDOKU" generate --seed 5 --count 6 --format json
run gen.x /dev/null "$SUDOKU" generate --seed 5 --count 3 --x
run gen.6 /dev/null "$SUDOKU" generate --seed 5 --count 3 --size 6
run gen.16 /dev/null "$SUDOKU" generate --seed 5 --count 1 --size 16
run gen.killer /dev/null "$SUDOKU" generate --seed 5 --count 3 --killer
run gen.killer6 /dev/null "$SUDOKU" generate --seed 5 --count 3 --killer --size 6
for marks in consecutive even-odd greater-than difference xv sukaku givens; do
  run "gen.marks.$marks" /dev/null "$SUDOKU" generate --seed 5 --count 2 --marks "$marks"
done
run gen.samurai /dev/null "$SUDOKU" generate --seed 5 --count 1 --layout samurai
run gen.difficulty /dev/null "$SUDOKU" generate --seed 5 --count 2 --difficulty hard

# The shared data sets, when present.
if [ -d "$SHARED" ]; then
  P=$SHARED/puzzles
  for file in "$P"/*.txt; do
    puzzle_runs "shared.$(basename "$file" .txt)" "$file" ""
  done
  A=$SHARED/autopear
  for kind in Standard/Easy Standard/Hard Small Mini Jigsaw Hyper Dodeka NPC Giant; do
    board=${kind%%/*}
    opts=""
    [ -f "$A/Boards/$board.board" ] && opts="--board $A/Boards/$board.board"
    [ "$board" = Standard ] && opts=""
    for sdk in "$A/Presets/$kind"/*.sdk; do
      name="shared.autopear.$(echo "$kind" | tr / .).$(basename "$sdk" .sdk)"
      # shellcheck disable=SC2086
      run "$name.solve" /dev/null "$SUDOKU" solve --unique --format json $opts "$sdk"
      # shellcheck disable=SC2086
      run "$name.rate" /dev/null "$SUDOKU" rate $opts "$sdk"
    done
  done
  V=$SHARED/variants
  run shared.conv.janko-killer /dev/null "$SUDOKU" convert --from janko-killer "$V/janko_killer.txt"
  run shared.conv.krazydad-killer /dev/null "$SUDOKU" convert --from krazydad-killer "$(head_of "$V/krazydad_killer_9x9.txt" 600)"
  run shared.conv.andoku /dev/null "$SUDOKU" convert --from andoku "$(head_of "$V/andoku_variants_9x9.txt" 600)"
  run shared.conv.janko-jigsaw /dev/null "$SUDOKU" convert --from janko-jigsaw "$V/janko_jigsaw.txt"
  run shared.conv.janko-sudoku /dev/null "$SUDOKU" convert --from janko-sudoku "$V/janko_sudoku_16x16.txt"
  run shared.conv.krazydad-16x16 /dev/null "$SUDOKU" convert --from krazydad-16x16 "$(head_of "$V/krazydad_16x16.txt" 300)"
  for conv in janko-killer krazydad-killer andoku janko-jigsaw janko-sudoku krazydad-16x16; do
    grep '^{"name"' "$OUT/shared.conv.$conv.out" >"$TMP/$conv.jsonl"
    model_runs "shared.models.$conv" "$TMP/$conv.jsonl"
  done
  for dir in "$V"/janko_puzzlekit/*/; do
    kind=$(basename "$dir")
    problems=$(ls "$dir"problems/*_puzzles.json 2>/dev/null | head -n 1)
    [ -n "$problems" ] || continue
    run "shared.conv.janko.$kind" /dev/null "$SUDOKU" convert --from janko "$problems"
    grep '^{"name"' "$OUT/shared.conv.janko.$kind.out" | head -n 40 >"$TMP/janko-$kind.jsonl"
    [ -s "$TMP/janko-$kind.jsonl" ] && model_runs "shared.janko.$kind" "$TMP/janko-$kind.jsonl"
  done
fi

# dlx over the shipped problems.
for file in "$ROOT"/data/dlx/*.dlx; do
  tag="dlx.$(basename "$file" .dlx)"
  run "$tag.count" /dev/null "$DLX" --count "$file"
  run "$tag.first" /dev/null "$DLX" --limit 3 "$file"
  run "$tag.json" /dev/null "$DLX" --limit 2 --format json "$file"
  run "$tag.memo" /dev/null "$DLX" --count --memo "$file"
  run "$tag.sample" /dev/null "$DLX" sample --seed 3 --samples 2 "$file"
  run "$tag.estimate" /dev/null "$DLX" estimate --seed 3 "$file"
done
echo "outputs in $OUT: $(ls "$OUT" | wc -l) files"
