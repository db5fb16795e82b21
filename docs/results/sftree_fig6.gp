set multiplot layout 2,1 title "Switch-to-switch routes in the tables opensm programmed (ibsim)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set grid ytics
set key outside right top
set xtics rotate by -25 nomirror
set title '(a) switch pairs connected (%)'
set yrange [0:105]
plot 'sftree_fig6.dat' using 3:xtic(2) title 'ftree', '' using 4 title 'minhop', \
     '' using 5 title 'updn', '' using 6 title 'sftree'
set title "(b) credit loop once switches send (1 = loop: the deadlock of the paper's Fig. 6)"
set yrange [0:1.2]
set ytics (0, 1)
plot 'sftree_fig6.dat' using 7:xtic(2) title 'ftree', '' using 8 title 'minhop', \
     '' using 9 title 'updn', '' using 10 title 'sftree'
unset multiplot
