package dev.factored.analysis.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import dev.factored.analysis.input.CoresText;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.io.IOException;
import java.util.function.Function;

/**
 * A {@code cores} value in analysis.json: written as its canonical spelling ({@link CoresValue#toString()}), read
 * back from that string here, where the text enters, and nowhere else. The file is the tool's own output, so a
 * spelling other than the canonical one is refused as it always was. The same for configurations measured in turn
 * ({@link CoresTurn}, a configuration's {@code sharedForks}).
 */
final class CoresJson {

    private CoresJson() {
    }

    static SimpleModule module() {
        return new SimpleModule("cores")
                .addSerializer(CoresValue.class, new Spelling<>(CoresValue.class))
                .addDeserializer(CoresValue.class, new Canonical<>(CoresValue.class, "cores", CoresText::read))
                .addSerializer(CoresTurn.class, new Spelling<>(CoresTurn.class))
                .addDeserializer(CoresTurn.class, new Canonical<>(CoresTurn.class, "sharedForks", CoresText::turn));
    }

    /** Writes a value as its canonical spelling, its {@code toString()}. */
    private static final class Spelling<T> extends StdScalarSerializer<T> {

        Spelling(Class<T> type) {
            super(type);
        }

        @Override
        public void serialize(T value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(value.toString());
        }
    }

    /** Reads a value from a string in its canonical spelling only, naming the field in the error. */
    private static final class Canonical<T> extends StdScalarDeserializer<T> {

        private final String field;
        private final Function<String, T> parse;

        Canonical(Class<T> type, String field, Function<String, T> parse) {
            super(type);
            this.field = field;
            this.parse = parse;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (T) ctxt.handleUnexpectedToken(handledType(), p);
            }
            String text = p.getText();
            try {
                T value = parse.apply(text);
                if (!value.toString().equals(text)) {
                    throw new IllegalArgumentException(field + " \"" + text + "\" is not in its canonical spelling \""
                            + value + "\"");
                }
                return value;
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);
            }
        }
    }
}
