#!/usr/bin/env python3
"""Rules check for a numberlink answer in janko notation, written apart from puzzlec (it shares
no code with it), for second answers kept as test data:
every number cell has exactly one link, every other cell 0 or 2, links are mutual, and each
path joins two equal numbers (no cycles). Prints the number of empty cells, or raises.

    tools/numberlink_rules_check.py tests/data/large_published/numberlink/528_20x20.txt \
        tests/data/large_published/numberlink/528_20x20.second
"""
import sys
def grid(path):
    L=[l.split() for l in open(path).read().split('\n') if l.strip()]
    h,w=map(int,L[0][:2]); return h,w,L[1:1+h]
def check(prob, ans):
    h,w,p=grid(prob); h2,w2,a=grid(ans); assert (h,w)==(h2,w2)
    D={'n':(-1,0),'s':(1,0),'e':(0,1),'w':(0,-1)}
    link=lambda r,c: set() if a[r][c]=='-' else set(a[r][c])
    for r in range(h):
        for c in range(w):
            for d in link(r,c):
                rr,cc=r+D[d][0],c+D[d][1]
                assert 0<=rr<h and 0<=cc<w, ('off grid',r,c)
                opp={'n':'s','s':'n','e':'w','w':'e'}[d]
                assert opp in link(rr,cc), ('not mutual',r,c,d)
            n=len(link(r,c))
            if p[r][c]!='-': assert n==1, ('end degree',r,c,n)
            else: assert n in (0,2), ('degree',r,c,n)
    seen=set(); empty=0
    for r in range(h):
        for c in range(w):
            if p[r][c]!='-' and (r,c) not in seen:
                prev=None; at=(r,c); seen.add(at)
                while True:
                    nxt=[(at[0]+D[d][0],at[1]+D[d][1]) for d in link(*at)]
                    nxt=[q for q in nxt if q!=prev]
                    if not nxt: break
                    prev,at=at,nxt[0]; seen.add(at)
                assert at!=(r,c) and p[at[0]][at[1]]==p[r][c], ('joins', (r,c), at)
    for r in range(h):
        for c in range(w):
            if link(r,c) and (r,c) not in seen: raise AssertionError(('cycle',r,c))
            if not link(r,c): empty+=1
    return empty
if __name__ == "__main__":
    print("ok, empty cells:", check(sys.argv[1], sys.argv[2]))
