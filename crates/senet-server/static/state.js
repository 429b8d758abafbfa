// What the page's modules share, in one object (`page`), so that no
// module reaches into another's variables: the game shown, this page's
// seat, an action under way; and what follows from them alone: whose turn
// it is, what this page may do.

export const $ = (id) => document.getElementById(id);

export const page = {
  rulesets: [], // the server's rulesets, as GET /api/rulesets lists them
  current: null, // {id, token, seat, commitment, invite}
  game: null, // the last game view
  selected: null, // the house of the piece picked, or null
  busy: false, // an action is under way: every control waits
  pollTimer: null, // the timer of the next look for news, or null
  events: null, // the EventSource of the game shown, or null
  live: false, // whether that stream is open (then no polling)
  newsWaiting: false, // an event came while this page acted: look once it is done
  ticks: 0, // the news timer's turns, for a look every 10 s while events are heard
  reviewed: null, // the id of the game whose review is shown or asked
  positions: null, // the reviewed game's positions: before each turn, then now
  invitation: null, // the other seat's invitation as this page shows it: {link, joined}, or null
  // The game of an invitation link (`#game=ID&invite=CODE`), before its
  // seat is taken: who invites, to what, and the person's name asked for.
  joining: null,
};

export function myTurn(view) {
  return !view.finish && view.throw && page.current && page.current.token && view.to_play === page.current.seat;
}

// Whether a person (not a bot) holds the seat of `side`, or is invited to.
export function personAt(view, side) {
  const seat = view.seats.find((s) => s.side === side);
  return !!seat && (seat.agent === "person" || seat.agent === "invited");
}

// Whether this page may throw now: for its own seat, or to let a bot play;
// never for the other person of a game of two.
export function mayThrow(view) {
  return !view.finish && !view.throw && !!page.current && !!page.current.token
    && (view.to_play === page.current.seat || !personAt(view, view.to_play));
}

export function lastTurn(view) {
  return view.history.length ? view.history[view.history.length - 1] : null;
}
