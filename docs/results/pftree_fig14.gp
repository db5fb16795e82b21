set multiplot layout 1,2 title "Contended links (min / mean / max over 1 .. all receivers per leaf)"
set xlabel 'hosts'
set ylabel 'contended links'
set grid ytics
set key top left
set xtics ("32" 0, "48" 1, "64" 2, "128" 3, "192" 4, "256" 5, "512" 6, "768" 7, "1024" 8)
set offsets 0.3, 0.3, 0, 0
set title '(a) down'
plot 'pftree_fig14.dat' using ($1-0.08):4:3:5 with yerrorlines lw 2 pt 7 title 'pftree', \
     '' using ($1+0.08):7:6:8 with yerrorlines lw 2 pt 5 title 'pftree\_wt'
set title '(b) up'
plot 'pftree_fig14.dat' using ($1-0.08):10:9:11 with yerrorlines lw 2 pt 7 title 'pftree', \
     '' using ($1+0.08):13:12:14 with yerrorlines lw 2 pt 5 title 'pftree\_wt'
unset multiplot
