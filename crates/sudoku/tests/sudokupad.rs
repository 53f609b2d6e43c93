//! `SudokuPad`'s `scl` and `ctc` links and payloads (`read/sudokupad.rs`): puzzles written here
//! as f-puzzles JSON, converted to `scl` as `SudokuPad` converts them (its own f-puzzles
//! converter and zipper, run once outside the tests: the payloads below are its output), read
//! as the same model as the f-puzzles form; the link forms; a payload zipped by hand; and the
//! errors of bad input, short ids and drawings whose meaning cannot be told.

use dancer_sudoku::{fpuzzles, is_sudokupad, sudokupad, Model};
use serde_json::{json, Value};

use crate::iss::normal;

/// The f-puzzles form of `T2`: givens, killer cages with and without a sum, a thermometer,
/// arrows with a circle and a pill of two, white and black dots, X and V, both diagonals,
/// anti-knight, a little killer, a sandwich, odd and even cells, a palindrome, a between line,
/// an extra region and a quadruple.
fn t2() -> Value {
    let lines = |cells: &[&str]| json!([{"lines": [cells]}]);
    json!({"size": 9, "title": "t1", "grid": grid(9, &[(1, 1, 5), (9, 9, 3)], None),
        "killercage": [{"cells": ["R1C2", "R1C3"], "value": "15"}, {"cells": ["R2C2", "R2C3"]}],
        "thermometer": lines(&["R5C1", "R5C2", "R5C3"]),
        "arrow": [{"cells": ["R7C1"], "lines": [["R7C1", "R7C2", "R7C3"]]},
                  {"cells": ["R8C1", "R8C2"], "lines": [["R8C2", "R8C3", "R8C4"]]}],
        "difference": [{"cells": ["R3C5", "R3C6"]}], "ratio": [{"cells": ["R4C5", "R4C6"]}],
        "xv": [{"cells": ["R6C5", "R6C6"], "value": "X"}, {"cells": ["R6C7", "R6C8"], "value": "V"}],
        "diagonal+": true, "diagonal-": true, "antiknight": true,
        "littlekillersum": [{"cell": "R0C2", "direction": "DL", "value": "7"}],
        "sandwichsum": [{"cell": "R0C5", "value": "12"}],
        "odd": [{"cell": "R9C1"}], "even": [{"cell": "R9C2"}],
        "palindrome": lines(&["R3C1", "R3C2", "R3C3"]),
        "betweenline": lines(&["R1C7", "R1C8", "R1C9"]),
        "extraregion": [{"cells": ["R2C4", "R3C4", "R4C4"]}],
        "quadruple": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, 2]}]})
}

/// `T3`'s: a 6×6 jigsaw, dots with values, the negative rules and anti-king.
fn t3() -> Value {
    json!({"size": 6, "title": "six",
        "grid": grid(6, &[(1, 1, 1)], Some("000111001011222333222333444555444555")),
        "difference": [{"cells": ["R1C2", "R1C3"]}, {"cells": ["R2C2", "R3C2"], "value": "2"}],
        "ratio": [{"cells": ["R4C4", "R4C5"]}, {"cells": ["R5C1", "R6C1"], "value": "3"}],
        "nonconsecutive": true, "negative": ["ratio", "xv"],
        "xv": [{"cells": ["R6C5", "R6C6"], "value": "V"}], "antiking": true})
}

/// `T4`'s: disjoint groups, an arrow from a bent pill and one from a straight pill of three,
/// little killers from three sides, a sandwich on a row, parity, a cage, anti-knight and a
/// coloured cell.
fn t4() -> Value {
    let mut grid = grid(9, &[], None);
    grid[0][8] = json!({"c": "#ffa0a0"});
    json!({"size": 9, "grid": grid, "disjointgroups": true,
        "arrow": [{"cells": ["R1C1", "R2C2"], "lines": [["R2C2", "R3C3", "R4C4"]]},
                  {"cells": ["R5C5", "R5C6", "R5C7"], "lines": [["R5C7", "R6C7", "R7C7"]]}],
        "littlekillersum": [{"cell": "R10C3", "direction": "UR", "value": "12"},
                            {"cell": "R6C10", "direction": "UL", "value": "9"},
                            {"cell": "R2C0", "direction": "DR", "value": "30"}],
        "sandwichsum": [{"cell": "R4C0", "value": "0"}],
        "odd": [{"cell": "R9C9"}], "even": [{"cell": "R8C9"}, {"cell": "R8C8"}],
        "killercage": [{"cells": ["R9C1", "R9C2", "R9C3"], "value": "6"}], "antiknight": true})
}

/// An f-puzzles grid of `size` with givens (row, column from 1, digit) and region numbers.
fn grid(size: usize, givens: &[(usize, usize, u64)], regions: Option<&str>) -> Vec<Vec<Value>> {
    let mut rows = vec![vec![json!({}); size]; size];
    for &(r, c, d) in givens {
        rows[r - 1][c - 1] = json!({"value": d, "given": true});
    }
    if let Some(layout) = regions {
        for (k, region) in layout.bytes().enumerate() {
            rows[k / size][k % size]["region"] = json!(region - b'0');
        }
    }
    rows
}

fn from_fpuzzles(puzzle: &Value) -> Model {
    let payload = lz_str::compress_to_base64(puzzle.to_string().as_str());
    fpuzzles(&payload).unwrap_or_else(|e| panic!("{e}")).record.model
}

const T2: &str =
    "sclN4WwpgLghgJl0C5hQHYQJYGsXoOYAsIEIBfAGlwBsB7AIykoQG0ByVDbPQlgXTIGMAzggCsABgFhmTYADdR5Mku\
    Vk+TFSrUblW7arLq9u7cY2nNBvWTkIAzCR58ATlKZuJYtRICMXsgCY1bzJPA2DfMIC1fxDosgimGMC1JglbPwAWPxE\
    gsnTIrMicgxj8xLJC8pyUiQA2PwB2PwAOXPrIpsjWkrJ28s7y1pTbWIMRhJHAgwzRphmEmammEVmVhJXkgyYRspHKk\
    eK5vLUZypnDlbKVypXqrZG+kYGR7qO+mYGZ15W+lYGVoZbWqzYEJYFLBqzSEJSFLZqzeEJeGbNzAsrAyrAw6QsqQyq\
    Qw7wsrwyrwu6o3pqYEDYGvSF9SEDSGveF9eEDeFDPj8KDMGwsDAQShSAAEEG8LHIwAArjgAI7SqQQMiCaUgBDeFb8V\
    ypeJ+TbyTVS2XoBVKyTScK5ZJSwQQACewoQLDAAA8IE4oC5cOhqCgWGQTWbiCq1QhgdrLccertjjwpfI2NKIPhqE4E\
    CKAKoobDUADu/oTzqc0uFwhFADlqCKS2WRQAHJzUWToGBgGAigBmabF+HQggb0oAXkPhQA6EUABWFUEEYBF/HwYH4m\
    F785clHg7ZFLbb1Z7ebAtEE6Ag8+7ThrpbAgjHkr40r5/G8CAAwgAxD8fgT+N+f/8CEQcxjisYggc4IZ5ggYHNCs+D\
    QWOsFSs+f5fu+P6oQB/BAc0IEhOBZDpsqUFgZC8GkchL5od+/C/tR6HYcwuFrAR6admQJFjmRCENA4ZCMDI/CYd+KY\
    IP4wR5vW0gZHhYGHDJLHyXh/jgfG1hCfRZCiTEknSHJvRjgAnF4eENARqR4bhvhqcAGn/iJ8HeMCuluCpoHmW58Qec\
    pqnIXYGQAEIBQAosC2kcVJ7hkMZBiGbENlCbYgUhWF8E6ZFuqhEwcXGfGfC8oJCBQN4xXFWQ+CMGBIyiSsLlMLUslG\
    VSeHeOZDUbL56lFSVPXlZVY7VfBtUZWZLExUwo0BOZk22J1tkIAAxBI4V1QAtGBMStUs61jmI/hiAdh1HUd3iIrtNp\
    8NQfK0GmbZOAAyugQ5SFqL6lb1tEIJ230/YBzDtfhxSdsITmESGZ7OgGnHNCM5GIfY1g3U4d2Pc9ogCG9PVlZ9P2/Y\
    xE0tXwwMasCRFaVILBQxq8PlQhMOUYtEifQtDFAZ5xRk5xsMIdVFOSupL5LRhQv47NtwQcRPO01V5OQ1KSMo09UgxC\
    hmnM6zzD6e1RMg6TkF09LiHy7dYAPUrYkY8JDG/izf0WQCBHE6DnMG3DzTITbDGC0zbNRGQTszC7pGG5CEMsN4gCQB\
    P4/O2Z7lu2/jIh4UDwjiWD7Gcf4cEIVnsssAAGjH6vxxryymTrYnBGxHE59nG0rGHABqRdxyhCdATtikV/48KZ3XY6\
    59XEO8epreC6XncVI7wi2DE1d94bucQ94/gOCQQA===";
const T3: &str =
    "sclN4cwNg9gRghmBcBtA5AOwqgxhgzgU0wFcAXASwDc9kAaZGVMgJxjIhrodIA9z36yA1qVQhkAXWoBbPMRgATFjHj\
    B+pISPjEAvtUw54AVgAMuvEkTBy8AIw7q96hMQP7Tl4+rOXb75/diJRjNEEJMjJxNrCOoAJidranDPBKjk6gBmAM9E\
    E0zPEwAWaIN42NKitJKnRBjEp1rUmrLPdLqW6kbWuOravKaKppL2vtaB1qrsgrbEKcapuM8DaaXGpe7JjKcpgamhxC\
    W+pYGlqolMJQsrZDJiMDMAAhxuZB1LeDoSAAsIRnh7gFVUAJ0AB3VAvahvZCMQh3fT3AByEHuMLh9wADowIORSHI8H\
    J7gAzH73YifUg4DGEABe1LuADp7gAFO4wfD3TCfAgCUlclF4MAsfH3HF45EkkF4KBPYh4Ikk1F4HD0l4SCBIYCYazw\
    ADEJkwMV1ADFdMQkEZ6WtAppqCD4BbWp97fTWrL3hDgDhiFiBGY0BgqLptXrdIadSbMGamtZLdbiLbnY7E9Q3bVMO8\
    9UYjB6tbr9WH9VH0pbqBVfvG7Q7qE6q27kB6vT6/ehUIHcyGDXnTUglhahuWE1Way6U2ZWunkDrCdOc2GI8GI1GDCW\
    hoT9DEEr9CYP6TElsO96P3gA1VVaIA===";
const T4: &str =
    "sclN4cwNg9gRghmBcBtA5AEwJYGcBWF0DsAXZAGmRiPQGt90QALYgXRIFsBTQmVGL+YCoWq0GheIQC+JAMaZ4AVgAM\
    M9kkQkNmjS3VbNOvfpK7DBwyTOnj5i9fOW9TFgCdVid8sU7lARm8kAJh0fEi9jEL9wwJ0A0JiSSMRYoJ1EZQBmfwAW\
    f3lgkkyonKi841jCpJJiyrzU5QA2fwB2fwAOfMaolqj2spJOyu7K9tT0uOMxxLGg4yzxxDnEuZnEeXm1xLWU40Qxir\
    HqsdKFgp056rnjtYq16rXanbGBsaGx3pOBuaG597WBtaGaxGO3q81BiVBKya82hiWhK1a80RiUR23coIqoOqoOO0Iq\
    0Oq0OOiIqiOqiIe6P6OlBQ1B72hA2hQ2h70RA0RQ0RIxYAFckMBpAF4AAzEUwRQSmRiNIAOiB8pcopIAHd4CF6OqpI\
    KfPAAMIAMUNhpkwuNRoN0qQrXlJBtpWc4lV8EUsuhmtdTW10l15pNQv1Fv9MqatvtSpFzs9JA9bu9vqDloDfqTIdto\
    YdyrV0djXpY0hgAt5tAAjrzVIQSIQAJ4AB1UaCwuAIxBImBrYFU+F5YDAKjUnn8FQaOjGYV2pwm1OMoPHGJp1KY2uL\
    6DLFardYbGBweCIpHb1c78G7vf7HgS2Wao4vU8OJDpN8QWIXLSXJGAK7XTpr9fgjZ3Lb7h2XY9n20huGk0TGMoxzKO\
    80zXscbwLisOILiMy6luW36bn+27NnubbAceoFnogITjiEFQhJ88xzBUcxMjCk6IIyTiYau2GVj+W5NrurYHkeJ5gR\
    BET5NUITfI+5xnPeOiwvJVSKa+HFftxuH/gRAnEcJZEhCsITHCE7zLLJxw/IpUIkLidrse+n5cRuv6afxQGHiBp7gW\
    osTjuU8T/OsLF/DoiLjiSIWLqpjk8XhfGAUR7kkZ5EGxIksTVLEgKPrcOgAhFKJKcYnJ2R+WHrjFLnxYJHkid5UE1P\
    Evz1fcuW2UV9UUhFGH2WVTqYLyrDwKCXnuKF+URdsABuQ3atNyBCIQR4AAQAKqUIt7CoMgs1/jAvKEPQECOqt+A0BA\
    Kr4Nt75zc4PbsHIS0AHIQEtt2dpgS21s4ECTegqCbUtIpHUtB1YJ9vIAF4Q52spLQACp2MCYOwS3SPQ7DSFQIPo697\
    BgLwAO/f9L3Ayq7BQJg6CECjQPOK9d2YLK20sIWiCCvAMA+JznMxggrpjAdCiqrWag+G6yLizEtoBIqEy2ukipvuz3\
    NcxqfOygLmprCqIvuFksoAJz9LLqy2vUJvm38ivevAADEyiC7EOtqAbsrJLK7yu4o7sG917P21WmpO7rpuxK7KzyLK\
    3skF7KQ2wHjvC6LHskAAtK6BmG4i6dRwEij5wXheFz4GEsAgbMQLWMDSFT1Yum6Mgc6rPOC1k2sh66ayd8Etpi7U2q\
    V9Xtf14i0iimKE+B/A6TtwOtrd+EvfWywEAClAR3/c4ADK6AQ6oaw+k3KumuPE+RtIMr6/cssinIPigo63ENqQaoy6\
    0Yyxu/3rCrbSa6r/VpECuy2DfOQARETZjdmsWMAQ1iOkjNTdUARv52z/qgwBkc1jAJYLfeA4CoxQJjPXWBJB4FVlUA\
    bFBADD7UJlH3NOC9cH4MgSQmBcDlSIPSIoKhaDaFIAVmsHOpRcHpFiGQlh0DiFrEQdwpcQA";

#[test]
fn scl_payloads_read_as_their_f_puzzles_form() {
    for (payload, puzzle, skipped) in
        [(T2, t2(), vec![]), (T3, t3(), vec![]), (T4, t4(), vec!["cell colours".to_owned()])]
    {
        assert!(is_sudokupad(payload));
        let read = sudokupad(payload).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(normal(&read.record.model), normal(&from_fpuzzles(&puzzle)), "{puzzle}");
        assert_eq!(read.skipped, skipped);
    }
    assert_eq!(sudokupad(T3).unwrap().record.name, "six");
}

#[test]
fn every_link_form_reads_alike() {
    let want = normal(&sudokupad(T3).unwrap().record.model);
    let payload = &T3[3..];
    for line in [
        format!("ctc{payload}"),
        format!("https://sudokupad.app/scl{payload}"),
        format!("  https://sudokupad.app/?puzzle=scl{payload}&setting-x=1 "),
        format!("https://sudokupad.app/sudoku/scl{}", payload.replace('+', "%2B")),
        format!("https://app.crackingthecryptic.com/sudoku/ctc{payload}"),
    ] {
        assert!(is_sudokupad(&line), "{line}");
        let read = sudokupad(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(normal(&read.record.model), want, "{line}");
    }
    assert!(!is_sudokupad("..3.4....."));
    assert!(!is_sudokupad("scl"));
}

#[test]
fn a_payload_zipped_by_hand_is_unzipped() {
    // Unquoted keys, single quotes, `{}` left out of lists ([,{v:1}] is two cells), `t`.
    let zipped = "{ce:[[{v:1},],[,{v:'1'}]],re:[[[0,0],[0,1]],[[1,0],[1,1]]],\
                  ca:[{v:'title: two\\'s'},{ce:[[0,0],[1,0]],unique:t,v:3}]}";
    let payload = format!("scl{}", lz_str::compress_to_base64(zipped));
    let read = sudokupad(&payload).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read.record.name, "two's");
    let model = read.record.model;
    assert_eq!(model.givens, vec![Some(1), None, None, Some(1)]);
    assert_eq!(model.cages.len(), 1);
    assert_eq!(model.cages[0].sum, Some(3));
    // Rows as regions: a 2×2 with two pieces, rows and columns.
    assert_eq!(model.regions.len(), 6);
}

#[test]
fn bad_input_and_unknown_drawings_are_errors_naming_them() {
    let short = sudokupad("https://sudokupad.app/abc123").unwrap_err();
    assert_eq!(short.column, 23);
    assert!(short.message.contains("SudokuPad's server"), "{short}");
    let bad = sudokupad(&format!("scl{}*{}", &T3[3..20], &T3[20..])).unwrap_err();
    assert_eq!((bad.column, bad.message.contains("'*'")), (21, true), "{bad}");
    let broken = sudokupad("sclAAAAAAAAAAAAAAAA").unwrap_err();
    assert!(broken.message.contains("lz-string"), "{broken}");
    let not_json = format!("scl{}", lz_str::compress_to_base64("{ce:[[{v:1}]"));
    assert!(sudokupad(&not_json).unwrap_err().message.contains("not SudokuPad's puzzle JSON"));
    for (zipped, words) in [
        ("{ce:[[,],[,]],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:'#123456',th:3}]}", "`lines[0]`: a line"),
        ("{ce:[[,],[,]],o:[{ct:[1,1],w:0.5,h:0.5,te:'7'}]}", "`overlays[0]`: a shape"),
        ("{ce:[[{v:3},],[,]]}", "3 is not a digit 1 to 2"),
        ("{ce:[[,],[,]],ca:[{ce:[[0,0],[2,0]],unique:t}]}", "[2,0] is outside the 2x2 grid"),
        ("{ce:[[,],[,]],global:['antitaxicab']}", "`antitaxicab`"),
    ] {
        let payload = format!("scl{}", lz_str::compress_to_base64(zipped));
        let error = sudokupad(&payload).unwrap_err();
        assert!(error.message.contains(words), "{zipped}: {error}");
        assert_eq!(error.column, 4, "{zipped}");
    }
}
