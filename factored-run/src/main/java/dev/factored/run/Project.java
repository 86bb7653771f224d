package dev.factored.run;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the benchmarks are and what runs them, resolved by the front end.
 *
 * @param java             the java executable that runs JMH (its forks use the same JDK); null or blank: this one
 * @param hostJvmArguments JVM options of the JMH host JVM
 * @param classpath        the project's test classpath (or the benchmarks jar): the benchmarks, JMH and the profiler
 * @param workingDirectory where JMH runs (the project's directory)
 * @param id               the project's name in messages, e.g. {@code com.acme:sorts:jar:1.0}
 */
public record Project(String java, List<String> hostJvmArguments, List<String> classpath, Path workingDirectory,
                      String id) {

    public Project {
        java = java == null || java.isBlank() ? SuiteRun.thisJava() : java;
        hostJvmArguments = SuiteRun.nonBlank(hostJvmArguments);
        classpath = List.copyOf(classpath);
    }
}
