set title "EBB running mean against rounds (k-ary 8 3-tree, vswitch_ftree)" noenhanced
set xlabel "rounds"
set ylabel "EBB"
set key bottom right
set logscale x
plot 'ebb_conv.dat' using 1:2 with points pt 7 ps 0.3 lc rgb "#aaaaaa" title "one round", \
     'ebb_conv.dat' using 1:3 with lines lw 2 title "running mean"
