// The game and the deal every framework example shows (the same in each, so the test can check them).
export const OPERA_GAME = `[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4?! (3... exd4) 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5?! 10. Nxb5! cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7! Rxd7 14. Rd1 Qe6
15. Bxd7+ Nxd7 16. Qb8+! Nxb8 17. Rd8# 1-0
`;

export const SAMPLE_DEAL = `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.K54.T93.A87 J986.QJ3.AK4.K52 T75.A987.QJ2.QJ3 43.T62.8765.T964"]
[Declarer "N"]
[Contract "3NT"]
[Result "10"]
[Auction "N"]
1NT Pass 3NT Pass
Pass Pass
[Play "E"]
SJ S5 S3 SQ
H3 HA H2 H4
*
`;
