set title "Fig. 8f: 50 % of the VFs, uniform initial, consolidate"
set xlabel "% of the migrations"
set ylabel "EBB (mean over random bisections)"
set key outside right
set xrange [0:100]
plot 'fig8f.dat' using 1:2 with linespoints lc 1 dt 1 title "4-ary-2-full FTreeMinRC", 'fig8f.dat' using 1:3 with linespoints lc 1 dt 2 title "4-ary-2-full re-routed", \
     'fig8f.dat' using 1:4 with linespoints lc 2 dt 1 title "8-ary-2 FTreeMinRC", 'fig8f.dat' using 1:5 with linespoints lc 2 dt 2 title "8-ary-2 re-routed", \
     'fig8f.dat' using 1:6 with linespoints lc 3 dt 1 title "4-ary-3-full FTreeMinRC", 'fig8f.dat' using 1:7 with linespoints lc 3 dt 2 title "4-ary-3-full re-routed", \
     'fig8f.dat' using 1:8 with linespoints lc 4 dt 1 title "16-ary-2 FTreeMinRC", 'fig8f.dat' using 1:9 with linespoints lc 4 dt 2 title "16-ary-2 re-routed", \
     'fig8f.dat' using 1:10 with linespoints lc 5 dt 1 title "8-ary-3 FTreeMinRC", 'fig8f.dat' using 1:11 with linespoints lc 5 dt 2 title "8-ary-3 re-routed", \
     'fig8f.dat' using 1:12 with linespoints lc 6 dt 1 title "8-ary-3-full FTreeMinRC", 'fig8f.dat' using 1:13 with linespoints lc 6 dt 2 title "8-ary-3-full re-routed"
