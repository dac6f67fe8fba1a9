#PBI 1.2
#gamenotation sample: orthodox problems with keys as Popeye prints them (S = knight).
#keymove: the key (direct/self play) or the whole solution (help play); several separated by " / ".
#status: ! correct, * cooked, + no solution, $ shorter solution exists, ? keymove problem.
Samuel Loyd:b7/PP6/8/8/7K/6B1/6S1/4R1bk:#3:||1876|:::b7*a8=S:!:
Frank Healey:8/1s3Sp1/1S4Q1/1bkP4/p1p2p2/P1P2R2/3P2PK/B2R4:#3:|1861 (Bristol)||:::Rd1-h1:!:
Meindert Niemeijer:8/7p/2P2r1b/2Q4p/4pk2/1K2Sp1r/5B2/6R1:#2:||1919|:::Kb3-a4:!:
Martin Väth:8/6K1/5p1B/2Rsqrbk/4Q1Rp/3S1b1P/4S3/8:#4:|||:::Se2-g3 / Rg4*h4:$:
Friedrich Amelung (derived):7R/7p/5P1k/4PKpP/8/8/8/8:#2:|as D2-08 without the e.p. right||::::+:
Torsten Linß:8/b3p3/3s4/4kP2/1Rr4r/4s1K1/5B2/8:h#2:|5001, Die Schwalbe 91, 2/1985, 3rd Prize||:::Rc4-c5 Rb4-f4 Se3-d5 Bf2-d4:!:b) Exchange d6 e5
Noam D. Elkies:7k/8/8/5Q2/8/2p5/p1p1p3/2KbS3:s#2:|Harvard 2002||:::Qf5-f7:!:
