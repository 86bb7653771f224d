// The order and the CPUs of each default configuration of an 8-CPU VM whose SMT siblings are adjacent.
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('CPUs: 8 hardware threads on 4 physical cores') : 'topology summary missing'
assert log.contains('Pinning order (topology): 0,2,4,6,1,3,5,7') : 'pinning order missing or wrong'
assert log.contains('cores=2: CPUs 0,2 \u2014 2 physical cores') : 'P = 2 should get two cores'
assert log.contains('cores=8: CPUs 0,2,4,6,1,3,5,7 \u2014 8 CPUs on 4 physical cores (SMT') : 'SMT point missing'
assert log.contains('cores=bandwidth-4: CPUs 0,2,4,6') : 'bandwidth test on the physical cores missing'
return true
