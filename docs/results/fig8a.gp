set title "Fig. 8a: physical switches updated per migration (21 scenarios per tree)"
set ylabel "switches updated"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set key top left
set yrange [0:*]
set xtics rotate by -20
plot 'fig8a.dat' using 3:xtic(2) title "ItRC mean", \
     '' using 5 title "FTreeMinRC mean", \
     '' using 4 title "ItRC max" fill pattern 4, \
     '' using 6 title "FTreeMinRC max" fill pattern 5
