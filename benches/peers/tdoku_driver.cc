// The tdoku side of the 9x9 rows of benches/peers.rs (ours; tdoku itself is built from its own
// sources outside the repository, see docs/PERFORMANCE.md):
//
//   tdoku_driver first|unique FILE [LIMIT]
//
// reads the first LIMIT lines of FILE (81 characters each, '.' or '0' for an open cell), then
// solves them all in solve_all -- the first solution (limit 1) or a count up to 2 -- and prints
// how many had a solution, the guesses tdoku made and the process CPU time of solve_all alone.
// For callgrind: --collect-atstart=no --toggle-collect='*solve_all*'.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "tdoku.h"

static double cpu_seconds() {
    timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}

__attribute__((noipa)) size_t solve_all(const std::vector<std::string> &puzzles,
                                                 size_t limit, size_t *guesses) {
    size_t solved = 0;
    char solution[82] = {0};
    for (const std::string &puzzle : puzzles) {
        size_t made = 0;
        // A limit of 1 returns the solution; a count to 2 proves it unique.
        if (TdokuSolverDpllTriadSimd(puzzle.c_str(), limit, 0, solution, &made) == 1) solved++;
        *guesses += made;
    }
    return solved;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: tdoku_driver first|unique FILE [LIMIT]\n");
        return 2;
    }
    size_t limit = std::strcmp(argv[1], "unique") == 0 ? 2 : 1;
    size_t most = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : SIZE_MAX;
    std::ifstream file(argv[2]);
    if (!file) {
        std::fprintf(stderr, "tdoku_driver: cannot read %s\n", argv[2]);
        return 2;
    }
    std::vector<std::string> puzzles;
    std::string line;
    while (puzzles.size() < most && std::getline(file, line)) {
        if (line.size() < 81) continue;
        line.resize(81);
        for (char &c : line) if (c == '0') c = '.';
        puzzles.push_back(line);
    }
    size_t guesses = 0;
    double start = cpu_seconds();
    size_t solved = solve_all(puzzles, limit, &guesses);
    double seconds = cpu_seconds() - start;
    std::printf("solved %zu cpu %.6f guesses %zu\n", solved, seconds, guesses);
    return 0;
}
