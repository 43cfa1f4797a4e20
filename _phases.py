import sys, collections, random
from bot.games import load_all
from bot.engine import get_game
from bot.decisions import play, recommended, HUMAN
load_all()
slug=sys.argv[1]; n=int(sys.argv[2]) if len(sys.argv)>2 else 4
g=get_game(slug)
c=collections.Counter(); single=collections.Counter()
for seed in range(1,4):
    p=play(g,n,seed,orders=recommended(g))
    st=g.setup(n,p.options,seed)
    for seat,key,how in p.log:
        if how==HUMAN and seat>=0:
            pr=[x for x in g.prompts(st) if x.seat==seat][0]
            ph=st.get("phase") or st.get("step") or "?"
            c[(str(ph), key.split(":")[0])]+=1
            if len(pr.actions)==1: single[(str(ph),key, pr.private, pr.simultaneous)]+=1
        g.apply(st,seat,key) if seat>=0 else None
for k,v in c.most_common(25): print(v,k)
print("single:",single.most_common(10))
