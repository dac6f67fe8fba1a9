// Our own driver for a native DDS build (DDS is not part of this repository): reads boards as
// "dealer vulnerability N:deal" lines (dealer 0..3 = N E S W, vulnerability as DDS codes 0 None,
// 1 All, 2 NS, 3 EW), computes each one's DD table (CalcDDtablePBN) and par (DealerPar) on one
// thread, and prints one JSON line per board in the shape `gamenotation dd --par --json` prints,
// plus, on stderr, "ms <milliseconds>" per board (the table and par, timed inside the process).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include "dll.h"

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s BOARDS.txt\n", argv[0]);
    return 2;
  }
  FILE *in = std::fopen(argv[1], "r");
  if (!in) {
    std::perror(argv[1]);
    return 2;
  }
  SetResources(0, 1);
  static const char *SEAT = "NESW";
  static const char *STRAIN[5] = {"S", "H", "D", "C", "NT"};
  char line[256];
  while (std::fgets(line, sizeof line, in)) {
    int dealer = 0, vul = 0;
    char text[128];
    if (std::sscanf(line, "%d %d %127[^\n]", &dealer, &vul, text) != 3) continue;
    ddTableDealPBN deal;
    std::strncpy(deal.cards, text, sizeof deal.cards - 1);
    deal.cards[sizeof deal.cards - 1] = 0;
    ddTableResults table;
    parResultsDealer par;
    const auto t0 = std::chrono::steady_clock::now();
    int rc = CalcDDtablePBN(deal, &table);
    if (rc == RETURN_NO_FAULT) rc = DealerPar(&table, &par, dealer, vul);
    const auto t1 = std::chrono::steady_clock::now();
    if (rc != RETURN_NO_FAULT) {
      char message[80];
      ErrorMessage(rc, message);
      std::fprintf(stderr, "error %d: %s: %s\n", rc, message, text);
      return 1;
    }
    std::string out = "{\"deal\":\"" + std::string(text) + "\",\"dd\":{";
    for (int h = 0; h < 4; h++) {
      out += (h ? ",\"" : "\"") + std::string(1, SEAT[h]) + "\":{";
      for (int s = 0; s < 5; s++)
        out += (s ? ",\"" : "\"") + std::string(STRAIN[s]) + "\":" + std::to_string(table.resTable[s][h]);
      out += "}";
    }
    out += "},\"par\":{\"score_ns\":" + std::to_string(par.score) + ",\"contracts\":[";
    for (int i = 0; i < par.number; i++) out += (i ? ",\"" : "\"") + std::string(par.contracts[i]) + "\"";
    out += "]}}\n";
    std::fputs(out.c_str(), stdout);
    std::fprintf(stderr, "ms %.3f\n", std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return 0;
}
