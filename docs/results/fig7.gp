set title "Fig. 7: time to send X LFT-update SMPs to six switches"
set xlabel "X (LFT-update SMPs, X/6 per switch)"
set ylabel "ms, first SMP sent to last answer"
set key left top
set grid
set xrange [0:*]
set yrange [0:*]
plot 'fig7.dat' using 1:2 with linespoints lw 2 pt 7 lc rgb "#7b1fa2" title "ours, ibsim, window 4 (median)", \
     'fig7.dat' using 1:3 with lines lw 2 dashtype 3 lc rgb "#7b1fa2" title "ours, ibsim, window 4 (fastest run)", \
     'fig7.dat' using 1:5 with linespoints lw 2 pt 5 lc rgb "#00897b" title "ours, ibsim, window 1 (median)", \
     'fig7.dat' using 1:6 with lines lw 2 dashtype 3 lc rgb "#00897b" title "ours, ibsim, window 1 (fastest run)", \
     'fig7.dat' using 1:8 with lines dashtype 2 lw 2 lc rgb "#e65100" title "paper, real QDR switches (linear, about 300 ms at 4608)"
