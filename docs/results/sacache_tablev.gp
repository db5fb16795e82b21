set title "OpenSM's SA under load (ibsim): total PathRecords served and the synchronous client's response time"
set xlabel 'flooders x queries outstanding each (outstanding in all)'
set ylabel 'PathRecord queries / s'
set y2label 'synchronous client: response time (ms)'
set ytics nomirror
set y2tics
set yrange [0:*]
set y2range [0:*]
set key top left
set grid ytics
set xtics ("0x0 (1)" 0, "1x1 (2)" 1, "1x4 (5)" 2, "2x8 (17)" 3, "4x8 (33)" 4, "8x8 (65)" 5, "8x16 (129)" 6, "8x24 (193)" 7) rotate by -30
plot 'sacache_tablev.dat' using 1:4 with linespoints lw 2 pt 7 title 'total served (q/s)', \
     '' using 1:3 with linespoints lw 2 pt 5 title 'synchronous client (q/s)', \
     '' using 1:5:7 axes x1y2 with yerrorlines lw 2 pt 9 dt 2 title 'mean response, +- sd (ms, right)'
