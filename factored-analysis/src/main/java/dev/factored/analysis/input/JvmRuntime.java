package dev.factored.analysis.input;

import java.util.List;

/**
 * What ran a JMH entry, as JMH recorded it: its own version, the JDK and VM, the java binary and its arguments. The
 * components are in the order analysis.json writes them in a family's {@code environment}.
 *
 * @param jmhVersion JMH's version
 * @param jdkVersion the JDK's version
 * @param vmName     the VM's name
 * @param vmVersion  the VM's version
 * @param jvm        the path of the java binary
 * @param jvmArgs    its arguments; empty if none
 */
public record JvmRuntime(String jmhVersion, String jdkVersion, String vmName, String vmVersion, String jvm,
        List<String> jvmArgs) {

    public JvmRuntime {
        jvmArgs = List.copyOf(jvmArgs == null ? List.of() : jvmArgs);
    }
}
