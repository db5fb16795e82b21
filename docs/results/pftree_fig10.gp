set title "Victim partition's effective bisection bandwidth, alone and beside the interfering partition"
set xlabel 'topology (hosts, oversubscription)'
set ylabel 'victim EBB (share of link bandwidth)'
set yrange [0:1.05]
set key bottom left
set grid ytics
set xtics ("32 2:1" 0, "48 3:1" 1, "64 4:1" 2, "128 2:1" 3, "192 3:1" 4, "256 4:1" 5, "512 2:1" 6, "768 3:1" 7, "1024 4:1" 8)
plot 'pftree_fig10.dat' using 1:3 with linespoints lw 2 pt 2 title 'ftree alone', \
     '' using 1:4 with linespoints lw 2 pt 6 dt 2 title 'ftree with interference', \
     '' using 1:5 with linespoints lw 2 pt 1 title 'pftree alone', \
     '' using 1:6 with linespoints lw 2 pt 4 dt 2 title 'pftree with interference', \
     '' using 1:7 with linespoints lw 2 pt 3 title 'pftree\_ext alone', \
     '' using 1:8 with linespoints lw 2 pt 8 dt 3 title 'pftree\_ext with interference'
