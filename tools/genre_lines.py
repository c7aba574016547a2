#!/usr/bin/env python3
"""Code lines per genre folder (blank, comment and test lines not counted): the measure of
issue 23, "a genre costs only its rules".

    tools/genre_lines.py src/puzzles/*/
"""
import sys,os,re
def count(path):
    n=0; lines=open(path).read().split('\n')
    i=0
    while i<len(lines):
        l=lines[i].strip()
        if l.startswith('#[cfg(test)]'):
            # skip following item (mod tests {...}) by brace depth
            depth=0; started=False; i+=1
            while i<len(lines):
                depth+=lines[i].count('{')-lines[i].count('}')
                if '{' in lines[i]: started=True
                if started and depth<=0: break
                if not started and lines[i].strip().endswith(';'): break
                i+=1
            i+=1; continue
        if l and not l.startswith('//'): n+=1
        i+=1
    return n
import glob
for d in sys.argv[1:] or sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src', 'puzzles', '*', ''))):
    tot=0
    for root,_,fs in os.walk(d):
        modrs=open(os.path.join(root,'mod.rs')).read() if 'mod.rs' in fs else ''
        for f in fs:
            testonly=re.search(r'#\[cfg\(test\)\]\s*(pub(\(crate\))? )?mod '+f[:-3]+';',modrs)
            if f.endswith('.rs') and not testonly: tot+=count(os.path.join(root,f))
    print(f"{tot:6d} {os.path.basename(os.path.normpath(d))}")
