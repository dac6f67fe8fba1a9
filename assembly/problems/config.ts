// What a solve asks for beyond the stipulation's length, set once per part from the TypeScript side:
// the goal (mate or stalemate) and the Popeye options that change which lines count.

export const GOAL_MATE = 0, GOAL_STALEMATE = 1;

/** The goal of the stipulation: the side that ends the play is mated (#) or stalemated (=). */
export let goal: i32 = GOAL_MATE;
/** Popeye's `Threat n`: a defence after which the attacker threatens nothing within n moves defends (0: off). */
export let threatLimit: i32 = 0;
/** Popeye's `MaxFlightsquares n`: a defence leaving the king more than n flight squares defends (-1: off). */
export let maxFlights: i32 = -1;
/** Popeye's `Quodlibet`: in self and reflex play, the attacker mating (stalemating) directly solves too. */
export let quodlibet: bool = false;
/** Popeye's `NonTrivial m n`: m extra non-trivial defences in all, trivial = met by a self (direct) goal in n (m < 0: off). */
export let nonTrivialExtra: i32 = -1;
export let nonTrivialLength: i32 = 0;

export function configure(goalKind: i32, threat: i32, flights: i32, quod: i32, ntExtra: i32, ntLength: i32): void {
  goal = goalKind;
  threatLimit = threat;
  maxFlights = flights;
  quodlibet = quod != 0;
  nonTrivialExtra = ntExtra;
  nonTrivialLength = ntLength;
  nonTrivialBudget = ntExtra > 0 ? ntExtra : 0;
}

/** Reflex play (r#, r=): each side must reach the goal when it can. */
export let reflex: bool = false;
export function setReflex(on: i32): void { reflex = on != 0; }

/** NonTrivial: the extra non-trivial defences still granted on the line being searched. */
export let nonTrivialBudget: i32 = 0;
@inline export function setNonTrivialBudget(b: i32): void { nonTrivialBudget = b; }
/** Salts table keys with the budget, since a position's value depends on it. */
@inline export function budgetSalt(): u64 { return <u64>nonTrivialBudget * 0x2545f4914f6cdd1d; }
