# Energy against demand resumes per minute for one trace: the fixed delays
# as a curve, every policy as a point, one panel per model.
# gnuplot -e "dir='DIR'; trace='NAME'; models='pci-d3hot ...'" plot.gp
set terminal pngcairo size 1200,900 noenhanced
set output dir.'/'.trace.'.png'
set multiplot layout 2,2 title trace.': energy vs demand resumes (fixed delays: line; policies: points)'
set xlabel 'demand resumes per minute (0 drawn at 0.01)'
set ylabel 'energy (J)'
set key top right font ',8'
set logscale xy
shown(x) = x > 0.01 ? x : 0.01
policies = 'always-on immediate fixed-2s stock fixed-T_BE best-fixed best-in-limits share autopm autopm-aggressive autopm-hindsight oracle'
do for [m in models] {
	set title m
	plot dir.'/'.trace.'-'.m.'.curve' using (shown($2)):3 with lines title 'fixed delays', \
	     for [i=1:words(policies)] dir.'/'.trace.'-'.m.'.points' every ::i-1::i-1 \
		using (shown($2)):3 with points pointtype i pointsize 1.5 title word(policies, i)
}
unset multiplot
