"""Compares the crate's `senet moves` with senet_ref.py, move for move
(notation and position after), on the designed positions of positions.py
and, with a number N as argument, on N steps of a random game from each;
with a second argument D, the crate's `senet perft` to depth D as well,
at every position compared.  For the rulesets whose rules fix the order
of a roll's moves (senet_ref.ORDERED: piccione-entering lists moves along
the track by start house, then waits, then the entry) it compares the
order of the crate's list too.

Where throws are banked (kendall1979-booklet): at a position where the
side still throws, each roll's single `R: bank` line; at one where it
plays its bank, the moves of each banked roll.  The crate refuses a roll
that is not banked (skipped here), and a banked roll that may not be
played now (another banked roll has a move, or a lower one is lost
first): such a refusal must be the reference's `refused R`.

Run from the crate's root after `cargo build --release -p senet-cli`:
    python3 tools/independent/compare_moves.py [N [D]]
The crate's binary is $SENET_BIN, by default target/release/senet;
$COMPARE_ONLY=NAME[,NAME...] compares the positions of those rulesets alone.
"""
import os, subprocess, sys, random
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from positions import POSITIONS
from senet_ref import ORDERED, banks, parse_position, PositionError
HERE = os.path.dirname(os.path.abspath(__file__))
SENET = os.environ.get('SENET_BIN', 'target/release/senet')
FILES=['kendall1979-water','kendall-ludii-five-pieces','kendall-ludii-trap',
       'kendall-ludii-home-row','kendall-ludii-five-trap-home',
       'kendall-ludii-starting-throw','kendall-ludii-all-options',
       'piccione-entering','kendall1979-booklet']
rolls={'jequier':[1,2,3,4,6],'kendall1979':[1,2,3,4,5],'skyruk':[1,2,3,4,5],
       **{name:[1,2,3,4,5] for name in FILES}}
#: How the crate's command names each ruleset: a built-in one by name,
#: the others by their rules file.
RULES={name:['--rules','rules/%s.toml'%name] for name in FILES}
def chosen(r):
    return RULES.get(r,['--ruleset',r])
#: The moves of the last position compared, in each side's order.
listed={}
def py_moves(r,pos):
    py=subprocess.run(['python3',os.path.join(HERE,'senet_ref.py'),'moves',r,pos],capture_output=True,text=True).stdout
    s=set(); order=[]
    for l in py.splitlines():
        if l.startswith('refused '):
            s.add((l,''))
        if '=>' in l:
            a,b=l.split(' => '); s.add((a.strip(),b.strip())); order.append(a.strip())
    listed['py']=order
    return s
def held(r,pos):
    """The rolls the side plays next, where throws are banked and it no
    longer throws; None otherwise."""
    if not banks(r): return None
    try: p=parse_position(r,pos)
    except PositionError: return None
    return None if p.throwing else set(p.bank)
#: Crate refusals of rolls not banked, skipped.
skipped=[0]
def rs_moves(r,pos):
    s=set(); order=[]
    bank=held(r,pos)
    for roll in rolls[r]:
        out=subprocess.run([SENET,'moves',*chosen(r),'--position',pos,'--roll',str(roll)],capture_output=True,text=True)
        if out.returncode and bank is not None:
            if roll in bank: s.add(('refused %d'%roll,''))
            else: skipped[0]+=1
            continue
        if out.returncode: print('ERR',r,pos,roll,out.stderr[:200])
        for l in out.stdout.splitlines():
            a,b=l.split('\t')
            s.add((a,b)); order.append(a)
    listed['rs']=order
    return s
#: $COMPARE_ONLY, a comma-separated list of rulesets, compares those alone.
ONLY=[n for n in os.environ.get('COMPARE_ONLY','').split(',') if n]
def positions():
    for r, position, _what in POSITIONS:
        if not ONLY or r in ONLY:
            yield r, position

def perft_differs(r,pos,depth):
    rs=subprocess.run([SENET,'perft',*chosen(r),'--position',pos,'--depth',str(depth)],capture_output=True,text=True).stdout.strip()
    py=subprocess.run(['python3',os.path.join(HERE,'senet_ref.py'),'perft',r,pos,str(depth)],capture_output=True,text=True).stdout.split()
    return None if py and rs==py[-1] else (rs,py[-1:] )

walk = len(sys.argv)>1
depth = int(sys.argv[2]) if len(sys.argv)>2 else 0
bad=total=0
perfts=0
#: Per ruleset: [positions compared, positions that differ].
tally={}
random.seed(5)
for r,pos in positions():
    steps = int(sys.argv[1]) if walk else 1
    for _ in range(steps):
        a=rs_moves(r,pos); b=py_moves(r,pos); total+=1
        t=tally.setdefault(r,[0,0]); t[0]+=1
        if a!=b:
            bad+=1; t[1]+=1; print(r,pos,'only rust',sorted(a-b)[:4],'only py',sorted(b-a)[:4]); break
        if r in ORDERED and listed['rs']!=listed['py']:
            bad+=1; t[1]+=1; print(r,pos,'order: crate',listed['rs'],'reference',listed['py']); break
        if depth:
            differs=perft_differs(r,pos,depth); perfts+=1
            if differs:
                bad+=1; t[1]+=1; print(r,pos,'perft',depth,'crate / reference',differs); break
        nxt=sorted(m for m in a if m[1])
        if not nxt: break
        pos=random.choice(nxt)[1]
for r,(n,d) in tally.items(): print('  %-30s %5d positions %d differ'%(r,n,d))
print(total,'positions',bad,'differ'+(', perft to depth %d at %d of them'%(depth,perfts) if depth else '')
      +(', %d crate refusals of rolls not banked skipped'%skipped[0] if skipped[0] else ''))
