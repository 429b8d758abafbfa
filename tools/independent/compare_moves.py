"""Compares the crate's `senet moves` with senet_ref.py, move for move
(notation and position after), on the designed positions of positions.py
and, with a number N as argument, on N steps of a random game from each;
with a second argument D, the crate's `senet perft` to depth D as well,
at every position compared.  For the rulesets whose rules fix the order
of a roll's moves (senet_ref.ORDERED: piccione-entering lists moves along
the track by start house, then waits, then the entry) it compares the
order of the crate's list too.

Run from the crate's root after `cargo build --release -p senet-cli`:
    python3 tools/independent/compare_moves.py [N [D]]
"""
import os, subprocess, sys, random
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from positions import POSITIONS
from senet_ref import ORDERED
HERE = os.path.dirname(os.path.abspath(__file__))
FILES=['kendall1979-water','kendall-ludii-five-pieces','kendall-ludii-trap',
       'kendall-ludii-home-row','kendall-ludii-five-trap-home',
       'kendall-ludii-starting-throw','kendall-ludii-all-options',
       'piccione-entering']
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
        if '=>' in l:
            a,b=l.split(' => '); s.add((a.strip(),b.strip())); order.append(a.strip())
    listed['py']=order
    return s
def rs_moves(r,pos):
    s=set(); order=[]
    for roll in rolls[r]:
        out=subprocess.run(['target/release/senet','moves',*chosen(r),'--position',pos,'--roll',str(roll)],capture_output=True,text=True)
        if out.returncode: print('ERR',r,pos,roll,out.stderr[:200])
        for l in out.stdout.splitlines():
            a,b=l.split('\t'); s.add((a,b)); order.append(a)
    listed['rs']=order
    return s
def positions():
    for r, position, _what in POSITIONS:
        yield r, position

def perft_differs(r,pos,depth):
    rs=subprocess.run(['target/release/senet','perft',*chosen(r),'--position',pos,'--depth',str(depth)],capture_output=True,text=True).stdout.strip()
    py=subprocess.run(['python3',os.path.join(HERE,'senet_ref.py'),'perft',r,pos,str(depth)],capture_output=True,text=True).stdout.split()
    return None if py and rs==py[-1] else (rs,py[-1:] )

walk = len(sys.argv)>1
depth = int(sys.argv[2]) if len(sys.argv)>2 else 0
bad=total=0
perfts=0
random.seed(5)
for r,pos in positions():
    steps = int(sys.argv[1]) if walk else 1
    for _ in range(steps):
        a=rs_moves(r,pos); b=py_moves(r,pos); total+=1
        if a!=b:
            bad+=1; print(r,pos,'only rust',sorted(a-b)[:4],'only py',sorted(b-a)[:4]); break
        if r in ORDERED and listed['rs']!=listed['py']:
            bad+=1; print(r,pos,'order: crate',listed['rs'],'reference',listed['py']); break
        if depth:
            differs=perft_differs(r,pos,depth); perfts+=1
            if differs:
                bad+=1; print(r,pos,'perft',depth,'crate / reference',differs); break
        if not a: break
        pos=random.choice(sorted(a))[1]
print(total,'positions',bad,'differ'+(', perft to depth %d at %d of them'%(depth,perfts) if depth else ''))
