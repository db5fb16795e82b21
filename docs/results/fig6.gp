set title "Routing time inside opensm (ibsim) against fabric size"
set xlabel "nodes (36-port fat-trees)"
set ylabel "seconds (log)"
set logscale y
set format y "%g"
set datafile missing "-"
set termoption noenhanced
set key outside right
set grid ytics
set xrange [-0.5:3.5]
plot 'fig6.dat' using 0:2:xtic(1) with linespoints lw 2 lc 1 title 'ftree (ours)', \
     'fig6.dat' using 0:3:xtic(1) with linespoints lw 2 lc 2 title 'updn (ours)', \
     'fig6.dat' using 0:4:xtic(1) with linespoints lw 2 lc 3 title 'dfsssp (ours)', \
     'fig6.dat' using 0:5:xtic(1) with linespoints lw 2 lc 4 title 'lash (ours)', \
     'fig6.dat' using 0:6:xtic(1) with linespoints lw 2 lc 5 title 'vswitch_ftree (ours)', \
     'fig6.dat' using 0:7:xtic(1) with linespoints lw 2 lc 6 title 'sftree (ours)', \
     '' using 0:8 with linespoints lw 2 dt 3 lc 7 title 'LID swap: plan (ours)', \
     '' using 0:9 with linespoints lw 2 dt 3 lc 8 title 'LID copy: plan (ours)', \
     600 with lines dt 2 lc rgb 'gray50' title 'budget, 600 s', \
     '' using 0:10 with points pt 7 ps 1.5 lc 1 title 'paper: ftree', \
     '' using 0:11 with points pt 7 ps 1.5 lc 3 title 'paper: dfsssp', \
     '' using 0:12 with points pt 7 ps 1.5 lc 4 title 'paper: lash'
