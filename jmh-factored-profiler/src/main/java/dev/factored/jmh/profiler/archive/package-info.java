/**
 * The forks' class-data-sharing archive: one dynamic archive per java binary and class path, written by the first fork
 * and mapped by every later one ({@link dev.factored.jmh.profiler.archive.ForkArchive}), given only to a JVM that has
 * a base archive to build on ({@code BaseArchive}, asked of the JVM itself by {@code BaseArchiveQuestion}), and the
 * class path's directories of classes packed into jars it can hold ({@code ClasspathJars}, {@code ClassDirectory}),
 * both named by SHA-256 ({@code Digest}).
 *
 * <p>May depend on: nothing of this project (the JDK only).
 */
package dev.factored.jmh.profiler.archive;
